/**
 * Face collect, face login and face clock-in (spec part 2 §7 "Face"; docs/decisions.md "Face"), with the real
 * recognition nets in the server's face worker and captures made from the sample photos face-api ships. The nets
 * load once, on this file's first face call.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { blankPhoto, captureFace, SAMPLE_FACES, twoFacesPhoto } from '../src/face/captures.ts';
import { FACE_MATCH_THRESHOLD } from '../src/face/matching.ts';
import { enrolDemoFace } from '../scripts/face-enrol.ts';
import { FACE_MESSAGES } from '../src/plugins/face.ts';
import { Client, login, useServer } from './helpers.ts';

const TEACHER1 = 10001;
const PARENT1 = 10003;
const AREA1 = 10004;
const base64 = (photo: Buffer) => photo.toString('base64');
/** Two different people of the samples (sample1's first face, sample2's only face). */
const ALICE = SAMPLE_FACES[0]!;
const BOB = SAMPLE_FACES[3]!;
/** Another capture of the same face: other framing, scale, brightness and JPEG quality. */
const otherCapture = (face = ALICE) => captureFace(face, { zoom: 1.8, dx: 0.1, brightness: 1.2, quality: 70 });

describe('face', () => {
  const server = useServer();

  async function enrol(client: Client, userId: number, photo: Buffer) {
    return client.call('POST', '/api/uaa/face/check', { json: { faceImage: base64(photo), userId: String(userId) } });
  }

  it('collects a face for the session user and returns the stored record', async () => {
    const teacher = await login(server, 'teacher1');
    const before = await teacher.call('GET', `/api/uaa/face/user?userId=${TEACHER1}`);
    assert.deepEqual(before.body.data, { faceImage: null, registerTime: null, userId: String(TEACHER1) });

    const { body } = await enrol(teacher, TEACHER1, await captureFace(ALICE));
    assert.equal(body.status, 200, body.message);
    assert.equal(body.data.userId, String(TEACHER1));

    const after = await teacher.call('GET', `/api/uaa/face/user?userId=${TEACHER1}`);
    assert.equal(after.body.data.registerTime, body.data.registerTime);
    const stored = Buffer.from(after.body.data.faceImage as string, 'base64');
    assert.deepEqual([...stored.subarray(0, 3)], [0xff, 0xd8, 0xff], 'the stored photo is a JPEG');
  });

  it('refuses to collect or read another user’s face (403)', async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await enrol(teacher, PARENT1, await captureFace(ALICE))).body.status, 403);
    assert.equal((await teacher.call('GET', `/api/uaa/face/user?userId=${PARENT1}`)).body.status, 403);
  });

  it('refuses a photo with no face, with several faces, or that is not a picture', async () => {
    const teacher = await login(server, 'teacher1');
    const blank = await enrol(teacher, TEACHER1, await blankPhoto());
    assert.deepEqual(
      [blank.body.status, blank.body.code, blank.body.message],
      [400, 'face_not_found', FACE_MESSAGES.noFace],
    );
    const two = await enrol(teacher, TEACHER1, await twoFacesPhoto(ALICE, BOB));
    assert.deepEqual([two.body.status, two.body.code], [400, 'face_several']);
    assert.match(two.body.message, /多张人脸.*\|\|\|.*Several faces/);
    const junk = await enrol(teacher, TEACHER1, Buffer.from('not a picture at all'));
    assert.deepEqual([junk.body.status, junk.body.code], [400, 'face_bad_photo']);
    const missing = await teacher.call('POST', '/api/uaa/face/check', { json: { userId: String(TEACHER1) } });
    assert.deepEqual([missing.body.status, missing.body.code], [400, 'face_photo_required']);

    const anonymous = new Client(server.url);
    const login2 = await anonymous.call('POST', '/api/uaa/oauth/login/face', {
      json: { faceImage: base64(await twoFacesPhoto(ALICE, BOB)) },
    });
    assert.deepEqual([login2.body.status, login2.body.code], [400, 'face_several']);
  });

  it('logs the owner in from another capture of the face, as password login does; refuses another person', async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(ALICE))).body.status, 200);

    const kiosk = new Client(server.url);
    // The prefix of a data URL is accepted too.
    const photo = `data:image/jpeg;base64,${base64(await otherCapture())}`;
    const { body } = await kiosk.call('POST', '/api/uaa/oauth/login/face', { json: { faceImage: photo } });
    assert.equal(body.status, 200, body.message);
    assert.equal(body.data.loginName, 'teacher1');
    assert.ok(kiosk.cookie('edu_at') && kiosk.cookie('edu_rt'), 'both session cookies are set');
    assert.ok(body.data.accessToken, 'a handover token, as password login answers');
    const me = await kiosk.call('GET', '/api/uaa/oauth/me');
    assert.equal(me.body.data.loginName, 'teacher1');

    const stranger = new Client(server.url);
    const refused = await stranger.call('POST', '/api/uaa/oauth/login/face', {
      form: { faceImage: base64(await captureFace(BOB)) },
    });
    assert.deepEqual([refused.body.status, refused.body.code], [400, 'face_not_recognised']);
    assert.equal(stranger.cookie('edu_at'), undefined);
  });

  it('refuses a face that two users are too close to tell apart', async () => {
    const teacher = await login(server, 'teacher1');
    const parent = await login(server, 'parent1');
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(ALICE))).body.status, 200);
    assert.equal((await enrol(parent, PARENT1, await captureFace(ALICE, { zoom: 2.0 }))).body.status, 200);
    const { body } = await new Client(server.url).call('POST', '/api/uaa/oauth/login/face', {
      json: { faceImage: base64(await otherCapture()) },
    });
    assert.deepEqual([body.status, body.code], [400, 'face_ambiguous']);
    // Parent1 collects their own face instead: each is recognised again.
    assert.equal((await enrol(parent, PARENT1, await captureFace(BOB))).body.status, 200);
    const bob = await new Client(server.url).call('POST', '/api/uaa/oauth/login/face', {
      json: { faceImage: base64(await otherCapture(BOB)) },
    });
    assert.equal(bob.body.data?.loginName, 'parent1', bob.body.message);
  });

  it('enrols a demo user from a sample photo with the enrol script (for demos and end-to-end tests)', async () => {
    // A face nobody has collected in the tests before: the login below needs the script's enrolment.
    const answer = await enrolDemoFace(server.url, 'parent1', 4);
    assert.equal(answer.status, 200, answer.message);
    const { body } = await new Client(server.url).call('POST', '/api/uaa/oauth/login/face', {
      json: { faceImage: base64(await otherCapture(SAMPLE_FACES[4])) },
    });
    assert.equal(body.data?.loginName, 'parent1', body.message);
  });

  it('records a clock-in on a signed-in terminal and returns it', async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(ALICE))).body.status, 200);
    const terminal = await login(server, 'admin1');
    const { body } = await terminal.call('POST', '/api/uaa/login/face/clocking', {
      json: { faceImage: base64(await otherCapture()) },
    });
    assert.equal(body.status, 200, body.message);
    assert.equal(body.data.userId, String(TEACHER1));
    assert.ok(body.data.distance < FACE_MATCH_THRESHOLD);
    const row = server.app.portal.db
      .prepare('SELECT user_id, clocked_at, terminal_id FROM face_clockings WHERE id = ?')
      .get(body.data.id) as { user_id: number; clocked_at: number; terminal_id: number };
    assert.deepEqual(row, { user_id: TEACHER1, clocked_at: body.data.clockTime, terminal_id: 10006 });
    // The terminal did not become the recognised person.
    assert.equal((await terminal.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'admin1');

    // A terminal of another unit (the area) does not know the school's faces.
    const area = await login(server, 'area1');
    const other = await area.call('POST', '/api/uaa/login/face/clocking', {
      json: { faceImage: base64(await otherCapture()) },
    });
    assert.deepEqual([other.body.status, other.body.code], [400, 'face_not_recognised']);
    assert.equal(AREA1, 10004);
  });

  it('stays responsive while a face is being recognised (the nets run in a worker thread)', async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(ALICE))).body.status, 200);
    const photo = base64(await captureFace(ALICE, { side: 1024 }));
    const client = new Client(server.url);
    // The server runs in this process: its event loop is this one.
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const recognition = client.call('POST', '/api/uaa/oauth/login/face', { json: { faceImage: photo } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const healthStarted = performance.now();
    await new Client(server.url).call('GET', '/api/uaa/oauth/login/config');
    const healthMs = performance.now() - healthStarted;
    const answer = await recognition;
    delay.disable();
    assert.equal(answer.body.status, 200, answer.body.message);
    const longestMs = delay.max / 1e6;
    assert.ok(longestMs < 100, `the event loop was blocked for ${longestMs.toFixed(0)} ms during a recognition`);
    assert.ok(healthMs < 150, `a health request took ${healthMs.toFixed(0)} ms during a recognition`);
  });

  it('limits face login attempts per client address (429), even for the right face', async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(ALICE))).body.status, 200);
    const blank = base64(await blankPhoto());
    const guesser = new Client(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await guesser.call('POST', '/api/uaa/oauth/login/face', { json: { faceImage: blank } })).body.status,
      );
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(400));
    assert.equal(statuses[10], 429);
    const owner = await guesser.call('POST', '/api/uaa/oauth/login/face', {
      json: { faceImage: base64(await otherCapture()) },
    });
    assert.equal(owner.body.status, 429);
    assert.match(owner.body.message, /\|\|\|Too many/);
    const clocking = await (
      await login(server, 'admin1')
    ).call('POST', '/api/uaa/login/face/clocking', {
      json: { faceImage: base64(await otherCapture()) },
    });
    assert.equal(clocking.body.status, 429, 'clock-in shares the limit');
  });
});
