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
