import type { MockPlatform } from '../platform';
import { runPageScripts } from './page-scripts';
import { absolute, type TabAddress } from './tab-address';
import { TestElement } from './test-frame';

/** What a tab's document shares with its tab. @internal */
interface Tab {
  readonly platform: MockPlatform;
  readonly address: Pick<TabAddress, 'href' | 'origin'>;
  /** Where `message` events of the tab's window are dispatched. */
  readonly events: EventTarget;
  /** Errors thrown by scripts of framed pages. */
  readonly pageErrors: unknown[];
}

/** A message from a frame's page to the tab, delivered as a browser would: later, and only to the right origin. */
function deliver(
  tab: Tab,
  frame: TestElement,
  message: { source: object; from: string; data: unknown; target: string },
): void {
  const { source, from, data, target } = message;
  if (target !== '*' && target !== tab.address.origin()) return;
  const copy = typeof structuredClone === 'function' ? structuredClone(data) : data;
  queueMicrotask(() => {
    if (frame.contentWindow !== source) return;
    const event = new Event('message');
    Object.defineProperties(event, {
      data: { value: copy },
      origin: { value: from },
      source: { value: source },
      lastEventId: { value: '' },
      ports: { value: [] },
    });
    tab.events.dispatchEvent(event);
  });
}

/**
 * Loads a frame's page from the platform, following the platform's own redirects
 * (at most 10), runs the scripts of an HTML page, and fires `load` unless the frame
 * was removed or pointed elsewhere meanwhile.
 */
async function loadFrame(tab: Tab, frame: TestElement): Promise<void> {
  const source = frame.contentWindow;
  if (source === null || frame.src === '') return;
  let url = absolute(frame.src, tab.address.href, 'src');
  for (let hop = 0; hop < 10; hop += 1) {
    let response: Response;
    try {
      response = await tab.platform.fetch(url.href, { headers: { accept: 'text/html' } });
    } catch {
      break; // a network failure: the frame shows an error page, which still loads
    }
    if (frame.contentWindow !== source) return;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) break; // the app's own page: nothing of the platform's runs
      url = next;
      continue;
    }
    if ((response.headers.get('content-type') ?? '').includes('text/html')) {
      const from = url.origin;
      runPageScripts(
        await response.text(),
        {
          location: url,
          parent: {
            postMessage: (data, target) => deliver(tab, frame, { source, from, data, target }),
          },
        },
        (error) => tab.pageErrors.push(error),
      );
    }
    break;
  }
  if (frame.contentWindow === source) frame.dispatchEvent(new Event('load'));
}

/**
 * The document of an emulated tab: elements to create, a body to append them to,
 * and hidden frames that load their pages from the platform once they are in the
 * document with a `src`. @internal
 */
export function createTestDocument(tab: Tab): { document: object; frames: TestElement[] } {
  const frames: TestElement[] = [];
  const body = {
    appendChild<T>(node: T): T {
      if (!(node instanceof TestElement)) {
        throw new TypeError('appendChild: only elements of this document can be appended');
      }
      if (!frames.includes(node)) frames.push(node);
      node.connect(body);
      return node;
    },
    removeChild<T>(node: T): T {
      const index = frames.indexOf(node as TestElement);
      if (index >= 0) frames.splice(index, 1);
      (node as TestElement).disconnect();
      return node;
    },
  };
  const started = new WeakMap<TestElement, string>();
  const document = {
    body,
    documentElement: body,
    createElement: (tagName: string) =>
      new TestElement(tagName, (element) => {
        if (element.tagName !== 'IFRAME' || started.get(element) === element.src) return;
        started.set(element, element.src);
        void loadFrame(tab, element);
      }),
    querySelectorAll: (selector: string) =>
      selector.toLowerCase() === 'iframe' ? [...frames] : [],
  };
  return { document, frames };
}
