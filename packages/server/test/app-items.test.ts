/**
 * Every seeded message and to-do url names an item its recipient sees (every message opens its item): `GET /api/demo/app_item`
 * answers it for that user, and nothing for another unit's user, another user type, an unknown url or a bad one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MESSAGES, POPUP_TODOS, USERS } from '../src/db/seed-data.ts';
import { login, startServer, type Client, type RunningServer } from './helpers.ts';

let server: RunningServer;
const clients = new Map<number, Client>();
async function clientOf(userId: number): Promise<Client> {
  let client = clients.get(userId);
  if (!client) {
    const user = USERS.find((candidate) => candidate.id === userId)!;
    client = await login(server, user.loginName);
    clients.set(userId, client);
  }
  return client;
}
const itemPath = (url: string) => `/api/demo/app_item?url=${encodeURIComponent(url)}`;

before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('GET /api/demo/app_item', () => {
  it('answers the item of every seeded message and to-do url for its recipient', async () => {
    const links = [
      ...MESSAGES.filter((message) => message.url).map((message) => ({ userId: message.userId, url: message.url! })),
      ...POPUP_TODOS.map((todo) => ({ userId: todo.userId, url: todo.url })),
    ];
    assert.ok(links.length >= 30);
    for (const { userId, url } of links) {
      const { body } = await (await clientOf(userId)).call('GET', itemPath(url));
      assert.equal(body.status, 200, url);
      assert.ok(body.data, `${url} for user ${userId}`);
      assert.equal(body.data.url, url);
      assert.match(body.data.title, /\S\|\|\|\S/, `${url}: a Chinese and an English title`);
      assert.ok(body.data.fields.length > 0 && body.data.text.length > 0, url);
    }
  });

  it('matches the query in any order, and answers null for another unit, another user type or an unknown url', async () => {
    const teacher = await clientOf(10001);
    const swapped = await teacher.call('GET', itemPath('/lesson/plan?week=8'));
    assert.match(swapped.body.data.title, /第8周/);
    const area = await clientOf(10004);
    assert.equal((await area.call('GET', itemPath('/notice/detail?id=301'))).body.data, null);
    const parent = await clientOf(10003);
    assert.equal((await parent.call('GET', itemPath('/leave/approve?id=712'))).body.data, null);
    assert.equal((await teacher.call('GET', itemPath('/notice/detail?id=999'))).body.data, null);
    const bad = await teacher.call('GET', itemPath('https://evil.example/x'));
    assert.equal(bad.body.status, 400);
  });
});
