import {
  expect,
  expectRole,
  logIn,
  MOCK_URL,
  openPlayground,
  panel,
  screenshot,
  test,
} from './fixtures';

const ADA = { email: 'ada@example.com', password: 'correct-horse-1' };

test('the storefront greets the member by name after login and lists the products', async ({
  page,
  mock,
  request,
}) => {
  const added = await request.post(`${MOCK_URL}/_mock/members`, {
    data: { ...ADA, profile: { firstName: 'Ada', lastName: 'Lovelace' } },
  });
  expect(added.status()).toBe(201);
  await openPlayground(page);
  const store = panel(page, 'storefront');
  const products = store.getByRole('list', { name: 'Products' }).getByRole('listitem');

  // A visitor: the products, and no members API request.
  await expect(store.getByTestId('member-greeting')).toHaveText('Welcome, visitor');
  await expect(products).toHaveText(['Espresso cup — $12', 'French press — $35', 'Grinder — $89']);
  const memberReads = async () =>
    (await mock.requests()).filter((r) => r.path === '/members/v1/members/my');
  expect(await memberReads()).toEqual([]);

  await expect(await logIn(page, ADA.email, ADA.password)).toContainText('SUCCESS');
  await expectRole(page, 'member');
  await expect(store.getByTestId('member-greeting')).toHaveText('Welcome, Ada');
  await expect(store.getByTestId('member-id')).not.toBeEmpty();
  await expect(products).toHaveCount(3);
  // One members API request for the member session; the list read again with the member's token.
  expect((await memberReads()).map((r) => r.status)).toEqual([200]);
  const queries = (await mock.requests()).filter((r) => r.path === '/wix-data/v2/items/query');
  expect(queries.length).toBeGreaterThanOrEqual(2);
  expect(queries.every((r) => r.status === 200)).toBe(true);
  await screenshot(store, 'storefront-member');

  // A reload: the member is read once more (a new page), still one request.
  await page.reload();
  await expect(store.getByTestId('member-greeting')).toHaveText('Welcome, Ada');
  expect(await memberReads()).toHaveLength(2);
});
