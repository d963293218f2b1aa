/** Face calls against the running reference server (its face worker recognises for real). */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import type { Notice } from '../platform/notify.ts';
import type { SessionStore } from '../session/store.ts';
import { confirmPassword, FRESH_CREDENTIAL_REQUIRED } from '../auth/api.ts';
import { DEMO_PASSWORD, loginAs, logoutServer } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import {
  checkFace,
  clockInWithFace,
  faceImageSrc,
  faceWireMode,
  getFaceRecord,
  loginWithFace,
  stripDataUrl,
} from './api.ts';

const SAMPLE = '/node_modules/@vladmandic/face-api/demo/sample2.jpg';

/** A JPEG data URL of a region of the sample photo (one face), drawn at `side` × `side`. */
async function crop(sx: number, sy: number, size: number, side = 480, grey = false): Promise<string> {
  const image = new Image();
  image.src = SAMPLE;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d')!;
  if (grey) {
    context.fillStyle = '#808080';
    context.fillRect(0, 0, side, side);
  } else context.drawImage(image, sx, sy, size, size, 0, 0, side, side);
  return canvas.toDataURL('image/jpeg', 0.85);
}

describe('face calls', () => {
  let session: SessionStore;
  let client: Client;
  let relogins: () => number;
  let notices: Notice[];

  useReferenceServer(
    (parts) => {
      ({ client, notices, relogins } = parts);
      session = parts.session!;
    },
    {
      session: true,
      countRelogins: true,
      reset: () => fetch('/api/__test/face/reset', { method: 'POST' }),
    },
  );

  it('names the modes as the wire does, with clock-in as an alias of orther', () => {
    expect([
      faceWireMode('collect'),
      faceWireMode('login'),
      faceWireMode('orther'),
      faceWireMode('clock-in'),
    ]).to.deep.equal(['collect', 'login', 'orther', 'orther']);
    expect(faceWireMode('selfie')).to.equal(null);
    expect(stripDataUrl('data:image/jpeg;base64,AAAA')).to.equal('AAAA');
    expect(faceImageSrc('AAAA')).to.equal('data:image/jpeg;base64,AAAA');
    expect(faceImageSrc(null)).to.equal('');
  });

  it('collects the session user’s face, reads it back, and logs in by face from another capture', async () => {
    const teacher = await loginAs('teacher1');
    const userId = String(teacher['userId']);
    // sample2 has one face near (1480, 310), about 275 px wide.
    const photo = await crop(1200, 20, 600);
    // Collection needs the password entered again: refused first, with the code the face screen asks on.
    const unconfirmed = await checkFace(photo, userId, { client });
    expect([unconfirmed.status, unconfirmed.code]).to.deep.equal([403, FRESH_CREDENTIAL_REQUIRED]);
    const wrong = await confirmPassword('not-the-password', { client });
    expect([wrong.status, wrong.code, wrong.data]).to.deep.equal([400, 'wrong_password', null]);
    expect(wrong.fieldErrors[0]?.field).to.equal('password');
    const confirmed = await confirmPassword(DEMO_PASSWORD, { client });
    expect(confirmed.status, confirmed.message).to.equal(200);
    expect(confirmed.data!.freshUntil! - Date.now()).to.be.within(4 * 60_000, 6 * 60_000);
    expect(relogins(), 'no relogin for a refusal').to.equal(0);
    expect(notices, 'no notice: the prompt shows it').to.deep.equal([]);
    const collected = await checkFace(photo, userId, { client });
    expect(collected.status, collected.message).to.equal(200);
    expect(collected.data?.userId).to.equal(userId);
    const record = await getFaceRecord(userId, { client });
    expect(record.data?.registerTime).to.equal(collected.data?.registerTime);
    expect(record.data?.faceImage?.startsWith('/9j/'), 'a JPEG').to.equal(true);

    await logoutServer();
    const login = await loginWithFace(await crop(1150, 0, 700, 400), { client, session });
    expect(login.status, login.message).to.equal(200);
    expect(login.data?.loginName).to.equal('teacher1');
    expect(session.getSnapshot().user?.loginName, 'kept as after a password login').to.equal('teacher1');
  });

  it('resolves a refusal without the interceptor: no notice, no relogin, the message for the camera area', async () => {
    const grey = await crop(0, 0, 10, 240, true);
    const refused = await loginWithFace(grey, { client, session });
    expect(refused.status).to.equal(400);
    expect(refused.message).to.contain('No face was found');
    // Clock-in needs a signed-in terminal: without a session the 401 resolves too.
    const clockIn = await clockInWithFace(grey, { client });
    expect(clockIn.status).to.equal(401);
    expect(clockIn.data).to.equal(null);
    expect(relogins()).to.equal(0);
    expect(notices).to.deep.equal([]);
  });
});
