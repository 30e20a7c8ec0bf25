import { describe, expect, it } from 'vitest';
import { runPageScripts, type PageScope } from './page-scripts';

function scope() {
  const posted: [unknown, string][] = [];
  const page: PageScope = {
    location: new URL('https://www.wixapis.com/_hosted/oauth2/authorize'),
    parent: { postMessage: (data, origin) => posted.push([data, origin]) },
  };
  return { page, posted };
}

describe('runPageScripts', () => {
  it('runs the inline scripts in order with the page as window, and skips scripts with a src', () => {
    const { page, posted } = scope();
    const errors: unknown[] = [];
    runPageScripts(
      `<p>x</p><script>window.parent.postMessage({ n: 1, at: location.pathname }, 'http://a.test');</script>
       <script src="https://cdn.example/x.js"></script>
       <script type="text/javascript">parent.postMessage({ n: 2, cookie: document.cookie, same: self === window }, '*');</script>`,
      page,
      (error) => errors.push(error),
    );
    expect(posted).toEqual([
      [{ n: 1, at: '/_hosted/oauth2/authorize' }, 'http://a.test'],
      [{ n: 2, cookie: '', same: true }, '*'],
    ]);
    expect(errors).toEqual([]);
  });

  it('hands the error of a script that throws to onError and runs the next one', () => {
    const { page, posted } = scope();
    const errors: unknown[] = [];
    runPageScripts(
      `<script>window.opener.postMessage('x', '*');</script><script>parent.postMessage('after', '*');</script>`,
      page,
      (error) => errors.push(error),
    );
    expect(errors).toEqual([expect.any(TypeError)]);
    expect(posted).toEqual([['after', '*']]);
  });
});
