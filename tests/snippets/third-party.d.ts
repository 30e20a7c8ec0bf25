// Modules some blocks import that this project does not install (a user's app has them):
// their shape as their own types declare it, so the blocks are checked against it.

declare module '@react-native-async-storage/async-storage' {
  const AsyncStorage: {
    getItem(key: string): Promise<string | null>;
    setItem(key: string, value: string): Promise<void>;
    removeItem(key: string): Promise<void>;
  };
  export default AsyncStorage;
}

declare module 'redis' {
  interface RedisClient {
    sendCommand(args: string[]): Promise<unknown>;
    quit(): Promise<string>;
  }
  export function createClient(options?: { url?: string }): { connect(): Promise<RedisClient> };
}

declare module 'next/headers' {
  export function headers(): Promise<Headers>;
}

declare module 'next/server' {
  export class NextRequest extends Request {}
  export class NextResponse extends Response {
    static next(init?: { request?: { headers?: Headers } }): NextResponse;
  }
}
