import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

test('the mock platform README shows member-login.test.ts exactly, as its login recipe', () => {
  const readme = read('../../../packages/mock-platform/README.md');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks).toContain(read('./member-login.test.ts'));
});

test('the mock platform README points to the wire protocol note in the repository', () => {
  const readme = read('../../../packages/mock-platform/README.md');
  expect(readme).not.toMatch(/design notes/);
  expect(readme).toContain('docs/platform-wire-protocol.md');
  expect(read('../../../docs/platform-wire-protocol.md')).toMatch(
    /^# The platform's wire protocol/,
  );
});
