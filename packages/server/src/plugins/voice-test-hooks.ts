/**
 * Test-hook controls of the development speech gateway under /api/__test/voice/ (EDU_TEST_HOOKS=1 only;
 * docs/decisions.md "Test hooks"): token lifetime, speech limit, idle timeout, a gateway that stalls or drops the
 * socket, and any user's transcript (what the demo page's call sets for the signed-in user).
 */
import type { FastifyPluginAsync } from 'fastify';
import { findUserByLoginName } from '../auth/session-user.ts';
import { envelopeResponse, fail, ok, type JsonSchema } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';
import type { Services } from '../services.ts';
import { SpeechDevStore } from '../speech/dev-store.ts';
import type { VoiceHookSettings } from '../testing/voice-hooks.ts';

const PREFIX = '/api/__test/voice';
const TAGS = ['test hooks'];

const stage: JsonSchema = { type: ['string', 'null'], enum: ['start', 'stop', null] };
const settingsSchema: JsonSchema = {
  type: 'object',
  properties: {
    tokenTtlMs: { type: ['integer', 'null'], minimum: 1, description: 'Development token lifetime; null: 10 min' },
    maxSpeechMs: { type: ['integer', 'null'], minimum: 1, description: 'Speech limit; null: 60 s' },
    idleTimeoutMs: { type: ['integer', 'null'], minimum: 1, description: 'Idle timeout; null: 10 s' },
    stallAt: { ...stage, description: 'Never answer from this command on' },
    dropAt: { ...stage, description: 'Close the socket at this command, with no event' },
  },
};

const voiceTestHooksPlugin: FastifyPluginAsync<Services> = async (app, { ctx }) => {
  const hooks = ctx.hooks?.voice;
  if (!hooks) throw new Error('voice test hooks registered without test hook state');
  const store = new SpeechDevStore(ctx);

  app.post<{ Body: Partial<VoiceHookSettings> & { transcripts?: Record<string, string> } }>(
    `${PREFIX}/config`,
    {
      schema: {
        tags: TAGS,
        summary: "Gateway limits and failures, and users' transcripts by login name ('' for the default)",
        body: {
          type: 'object',
          properties: {
            ...(settingsSchema['properties'] as Record<string, unknown>),
            transcripts: { type: 'object', additionalProperties: { type: 'string' } },
          },
          additionalProperties: false,
        },
        response: envelopeResponse(settingsSchema),
      },
    },
    async (request) => {
      const { transcripts, ...settings } = request.body ?? {};
      for (const [loginName, transcript] of Object.entries(transcripts ?? {})) {
        const user = findUserByLoginName(ctx.db, loginName);
        if (!user) return fail(404, 'not_found', MESSAGES.notFound);
        store.setTranscript(user.id, transcript);
      }
      hooks.configure(settings);
      return ok(hooks.settings);
    },
  );
};

export default voiceTestHooksPlugin;
