// The login chain and the login dialog on the plain school page (one <script> tag): a ticket in the address signs
// in and stays on the page; a signed-out visitor signs in with the dialog; logout asks first.
import { test, expect } from '@playwright/test';
import { PASSWORD, collectPageErrors, loginForm, resetServer, sessionUser } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('a ticket in the address signs in on the legacy page, which stays and greets the user', async ({
  page,
  request,
}) => {
  await request.post('/api/uaa/oauth/login', { data: { username: 'teacher1', password: PASSWORD } });
  const issued = (await (await request.post('/api/uaa/oauth/ticket/issue')).json()) as { data: { ticket: string } };
  await page.goto(`/legacy/index.html?ticket=${issued.data.ticket}`);
  await expect(page.locator('#account')).toHaveText(/^欢迎，\S+/);
  await expect(page).toHaveURL(/\/legacy\/index\.html$/);
  expect(await sessionUser(page)).toBe('teacher1');
});

test('a signed-out visitor signs in with the login dialog and logs out after confirming', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/legacy/index.html');
  await expect(page.locator('#school')).toHaveText('滨江区实验中学');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  const form = loginForm(page.locator('edu-login-dialog'));
  await expect(form.account).toBeFocused();
  await page.keyboard.type('teacher1');
  await page.keyboard.press('Enter');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.locator('#account')).toHaveText(/^欢迎，\S+/);
  await expect(page).toHaveURL(/\/legacy\/index\.html$/);

  await page.getByRole('button', { name: '退出登录' }).click();
  const confirm = page.getByRole('dialog', { name: '退出登录' });
  await expect(confirm).toBeVisible();
  await page.locator('#logout-ok').click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(await sessionUser(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('IS_LOGOUTED'))).toBe('1');
  expect(errors).toEqual([]);
});

test('the sign-in code loads at the first submit: when it cannot, the form says so, keeps the input and signs in next time', async ({
  page,
}) => {
  await page.goto('/legacy/index.html');
  await expect(page.locator('#school')).toHaveText('滨江区实验中学');
  // The submit path is a chunk of its own, fetched only when the user signs in (size budgets).
  const submitChunk = '**/edu-elements-chunks/login-submit-*.js';
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/login-submit-')) requested.push(r.url());
  });
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  const form = loginForm(page.locator('edu-login-dialog'));
  await form.account.fill('teacher1');
  await form.password.fill(PASSWORD);
  expect(requested).toEqual([]);

  await page.route(submitChunk, (route) => route.abort('internetdisconnected'));
  await form.submit.click();
  await expect(page.locator('edu-login-dialog').getByText('网络错误')).toBeVisible();
  await expect(form.password).toHaveAttribute('aria-invalid', 'true');
  await expect(form.account).toHaveValue('teacher1');
  await expect(form.password).toHaveValue(PASSWORD);
  await expect(form.submit).toHaveAttribute('aria-busy', 'false');
  expect(await sessionUser(page)).toBeNull();

  await page.unroute(submitChunk);
  await form.submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#account')).toHaveText(/^欢迎，\S+/);
  expect(requested.length).toBe(2);
});
