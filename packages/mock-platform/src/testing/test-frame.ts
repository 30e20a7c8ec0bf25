/**
 * An element of the test browser's document. Only an `iframe` does anything: once it
 * is in the document with a `src`, the browser loads that page.
 *
 * @example
 * ```ts
 * const frame = new TestElement('iframe', (element) => load(element));
 * frame.src = authUrl;
 * ```
 */
export class TestElement extends EventTarget {
  readonly tagName: string;
  readonly style: Record<string, string> = {};
  tabIndex = 0;
  title = '';
  /** The frame's window while it is in the document (messages it posts carry it as `source`), else null. */
  contentWindow: object | null = null;
  #src = '';
  #parent: { removeChild(element: TestElement): void } | undefined;
  readonly #attributes = new Map<string, string>();
  readonly #onConnect: (element: TestElement) => void;

  constructor(tagName: string, onConnect: (element: TestElement) => void) {
    super();
    this.tagName = tagName.toUpperCase();
    this.#onConnect = onConnect;
  }

  get src(): string {
    return this.#src;
  }
  set src(value: string) {
    this.#src = String(value);
    if (this.isConnected) this.#onConnect(this);
  }
  get isConnected(): boolean {
    return this.#parent !== undefined;
  }
  setAttribute(name: string, value: string): void {
    if (name.toLowerCase() === 'src') this.src = value;
    else this.#attributes.set(name.toLowerCase(), String(value));
  }
  getAttribute(name: string): string | null {
    return name.toLowerCase() === 'src'
      ? this.#src
      : (this.#attributes.get(name.toLowerCase()) ?? null);
  }
  /** Called by the parent when the element is appended. */
  connect(parent: { removeChild(element: TestElement): void }): void {
    this.#parent = parent;
    if (this.tagName === 'IFRAME') this.contentWindow = {};
    this.#onConnect(this);
  }
  /** Called by the parent when the element is removed. */
  disconnect(): void {
    this.#parent = undefined;
    this.contentWindow = null;
  }
  remove(): void {
    this.#parent?.removeChild(this);
  }
}
