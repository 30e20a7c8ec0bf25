import { render } from '@testing-library/react';
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { renderToString } from 'react-dom/server';
import { inject, describe, expect, it } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    reactMajor: string;
  }
}

describe('the React this project runs on', () => {
  it('is the major version the project names, for react, react-dom and @testing-library/react', () => {
    const major = inject('reactMajor');
    expect(version.split('.')[0]).toBe(major);
    expect(domVersion.split('.')[0]).toBe(major);
    expect(renderToString(<b>{version}</b>)).toBe(`<b>${version}</b>`);
    expect(render(<i>{domVersion}</i>).container.innerHTML).toBe(`<i>${version}</i>`);
  });
});
