/**
 * The face calls as the face tests and the face attacks make them: a server whose face limits and fresh credentials
 * are forgotten before each test, photos as base64, another capture of a sample face, the password confirmed and a
 * face collected.
 */
import { beforeEach } from 'node:test';
import { captureFace, SAMPLE_FACES, type SampleFace } from '../src/face/captures.ts';
import { PASSWORD, useServer, type Client, type ServerSuite } from './helpers.ts';

export const base64 = (photo: Buffer) => photo.toString('base64');

/** Another capture of the same face (default the first sample's): other framing, scale, brightness and quality. */
export const otherCapture = (face: SampleFace = SAMPLE_FACES[0]!) =>
  captureFace(face, { zoom: 1.8, dx: 0.1, brightness: 1.2, quality: 70 });

/** `useServer`, and the face test hook's reset before each test. */
export function useFaceServer(): ServerSuite {
  const server = useServer();
  beforeEach(async () => {
    await server.control.call('POST', '/api/__test/face/reset');
  });
  return server;
}

export const confirmPassword = (client: Client, password = PASSWORD) =>
  client.call('POST', '/api/uaa/oauth/confirm_password', { json: { password } });

/** `face/check` alone (no password confirmed first). */
export const collectFace = (client: Client, userId: number, photo: Buffer) =>
  client.call('POST', '/api/uaa/face/check', { json: { faceImage: base64(photo), userId: String(userId) } });
