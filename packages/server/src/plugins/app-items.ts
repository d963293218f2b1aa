/**
 * The item a message or to-do is about (every message opens its item): `GET /api/demo/app_item?url=/notice/detail?id=301`
 * answers the notice, homework, leave request … that the demo app's page at that url shows, or `data: null` when the
 * session's user has none there (another unit's item, or one for other user types). Needs a session.
 */
import type { FastifyPluginAsync } from 'fastify';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { findAppItem } from '../demo/app-items.ts';
import { envelopeResponse, looseQuery, ok, type JsonSchema } from '../http/envelope.ts';
import type { Services } from '../services.ts';

const itemSchema: JsonSchema = {
  type: ['object', 'null'],
  description: 'Texts are bilingual server text (`中文|||English`)',
  properties: {
    url: { type: 'string' },
    title: { type: 'string' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        properties: { label: { type: 'string' }, value: { type: 'string' } },
        required: ['label', 'value'],
      },
    },
    text: { type: 'array', items: { type: 'string' } },
  },
  required: ['url', 'title', 'fields', 'text'],
};

const appItemsPlugin: FastifyPluginAsync<Services> = async (app) => {
  app.get<{ Querystring: { url: string } }>(
    '/api/demo/app_item',
    {
      schema: {
        tags: ['demo data'],
        summary: 'The item a demo app page shows at a message or to-do url (null when there is none for this user)',
        querystring: looseQuery(
          { url: { type: 'string', pattern: '^/[A-Za-z0-9_/-]*(\\?[A-Za-z0-9_=&%.-]*)?$', maxLength: 300 } },
          ['url'],
        ),
        response: envelopeResponse(itemSchema),
      },
    },
    async (request) => {
      const item = findAppItem(request.query.url, authOf(request).user);
      if (!item) return ok(null);
      const fields = item.fields.map(([label, value]) => ({ label, value }));
      return ok({ url: item.url, title: item.title, fields, text: [...item.text] });
    },
  );
};

export default sessionScope(appItemsPlugin);
