/**
 * Face collect, face login and face clock-in (spec part 2 §7 "Face"; docs/decisions.md "Face"), with the real
 * recognition nets in the server's face worker and captures made from the sample photos face-api ships. The nets
 * load once, on this file's first face call.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { FreshCredentials } from '../src/auth/fresh-credential.ts';
import { blankPhoto, captureFace, groupPhoto, SAMPLE_FACES, twoFacesPhoto } from '../src/face/captures.ts';
import { analyse } from '../src/face/engine.ts';
import { EnrolLimits, FaceAttemptLimits, type FaceAttempt } from '../src/face/limits.ts';
import { FACE_MATCH_THRESHOLD } from '../src/face/matching.ts';
import { enrolDemoFace } from '../scripts/face-enrol.ts';
import { FACE_MESSAGES } from '../src/plugins/face.ts';
import { base64, collectFace, confirmPassword, otherCapture, useFaceServer } from './face-calls.ts';
import { Client, login, PASSWORD, AREA1, PARENT1, TEACHER1 } from './helpers.ts';

/** Two different people of the samples (sample1's first face, sample2's only face). */
const ALICE = SAMPLE_FACES[0]!;
const BOB = SAMPLE_FACES[3]!;

describe('face', () => {
  const server = useFaceServer();

  /** Collects a face as the settings page does: the password confirmed, then `face/check`. */
  async function enrol(client: Client, userId: number, photo: Buffer) {
    const confirmed = await confirmPassword(client);
    if (confirmed.body.status !== 200) return confirmed;
    return collectFace(client, userId, photo);
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

  it('refuses a group photo whose second face is small (TinyFaceDetector alone sees one; SSD counts two)', async () => {
    // The second person at 0.2 × the photo, in a corner: TinyFaceDetector at its input size finds only the first.
    const group = await groupPhoto(SAMPLE_FACES[0]!, SAMPLE_FACES[7]!, 0.2, 0);
    const seen = await analyse(group);
    assert.equal(seen.tinyFaces, 1, 'the photo the old rule enrolled');
    assert.equal(seen.faces.length, 2);
    assert.equal(seen.descriptor, null);

    const teacher = await login(server, 'teacher1');
    const enrolled = await enrol(teacher, TEACHER1, group);
    assert.deepEqual([enrolled.body.status, enrolled.body.code], [400, 'face_several']);
    // The main face alone is enrolled; the group photo cannot log in as it either.
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(SAMPLE_FACES[0]!))).body.status, 200);
    const kiosk = new Client(server.url);
    const { body } = await kiosk.call('POST', '/api/uaa/oauth/login/face', { json: { faceImage: base64(group) } });
    assert.deepEqual([body.status, body.code], [400, 'face_several']);
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
      json: { faceImage: base64(await captureFace(BOB)) },
    });
    assert.deepEqual([refused.body.status, refused.body.code], [400, 'face_not_recognised']);
    assert.equal(stranger.cookie('edu_at'), undefined);
  });

  it('refuses a face that two users are too close to tell apart', async () => {
    const teacher = await login(server, 'teacher1');
    const parent = await login(server, 'parent1');
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(ALICE))).body.status, 200);
    // Collection refuses a face enrolled on another account, so two close faces come only from rows stored before
    // that rule (or two look-alikes): parent1's row is made here from another capture's descriptor.
    const refused = await enrol(parent, PARENT1, await captureFace(ALICE, { zoom: 2.0 }));
    assert.deepEqual([refused.body.status, refused.body.code], [400, 'face_enrolled_elsewhere']);
    const teacherRow = server.app.portal.db
      .prepare('SELECT descriptor FROM user_faces WHERE user_id = ?')
      .get(TEACHER1) as { descriptor: string };
    const nudged = (JSON.parse(teacherRow.descriptor) as number[]).map((v, i) => (i === 0 ? v + 0.02 : v));
    server.app.portal.db
      .prepare(
        `INSERT INTO user_faces (user_id, file_name, descriptor, register_time) VALUES (?, 'none.jpg', ?, 0)
         ON CONFLICT(user_id) DO UPDATE SET descriptor = excluded.descriptor`,
      )
      .run(PARENT1, JSON.stringify(nudged));
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

  it('collects a face only with the password confirmed in the last 5 minutes', async () => {
    const teacher = await login(server, 'teacher1');
    const photo = base64(await captureFace(ALICE));
    const check = () =>
      teacher.call('POST', '/api/uaa/face/check', { json: { faceImage: photo, userId: String(TEACHER1) } });
    const before = await check();
    assert.deepEqual([before.body.status, before.body.code], [403, 'fresh_credential_required']);
    assert.match(before.body.message, /再次输入密码\|\|\|.*enter your password again/);

    const wrong = await confirmPassword(teacher, 'not-the-password');
    assert.deepEqual([wrong.body.status, wrong.body.code], [400, 'wrong_password']);
    assert.deepEqual(wrong.body.fieldErrors, [{ field: 'password', message: '密码不正确，请重新输入' }]);
    const empty = await teacher.call('POST', '/api/uaa/oauth/confirm_password', {
      json: { password: ' ' },
      headers: { 'sy-language': 'en' },
    });
    assert.deepEqual(empty.body.fieldErrors, [{ field: 'password', message: 'Password cannot be empty!' }]);
    assert.equal((await check()).body.status, 403);

    const anonymous = await new Client(server.url).call('POST', '/api/uaa/oauth/confirm_password', {
      json: { password: PASSWORD },
    });
    assert.equal(anonymous.body.status, 401);

    const right = await confirmPassword(teacher);
    assert.equal(right.body.status, 200, right.body.message);
    const now = Date.now();
    assert.ok(Math.abs(right.body.data.freshUntil - (now + 5 * 60_000)) < 5000, 'fresh for 5 minutes');
    assert.equal((await check()).body.status, 200);
    // Another session of the same user is not fresh.
    const other = await login(server, 'teacher1');
    const otherCheck = await other.call('POST', '/api/uaa/face/check', {
      json: { faceImage: photo, userId: String(TEACHER1) },
    });
    assert.equal(otherCheck.body.code, 'fresh_credential_required');
    await server.configure({ clockOffsetMs: 5 * 60_000 });
    assert.equal((await check()).body.code, 'fresh_credential_required', 'stale after 5 minutes');
    await server.configure({ clockOffsetMs: 0 });
  });

  it('limits collections to 5 a minute per user', async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await confirmPassword(teacher)).body.status, 200);
    const blank = base64(await blankPhoto(160));
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { body } = await teacher.call('POST', '/api/uaa/face/check', {
        json: { faceImage: blank, userId: String(TEACHER1) },
      });
      codes.push(body.code);
    }
    assert.deepEqual(codes, [...Array(5).fill('face_not_found'), 'face_enrol_too_often']);
    await server.configure({ clockOffsetMs: 61_000 });
    assert.equal((await confirmPassword(teacher)).body.status, 200);
    const later = await teacher.call('POST', '/api/uaa/face/check', {
      json: { faceImage: blank, userId: String(TEACHER1) },
    });
    assert.equal(later.body.code, 'face_not_found', 'a minute later it may collect again');
    await server.configure({ clockOffsetMs: 0 });
  });

  it('refuses a picture over 12 Mpx from its header, before any analysis', async () => {
    const teacher = await login(server, 'teacher1');
    const huge = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const stats = async () => (await new Client(server.url).call('GET', '/api/__test/face/stats')).body.data;
    const started = (await stats()).started.length;
    const answer = await enrol(teacher, TEACHER1, huge);
    assert.deepEqual([answer.body.status, answer.body.code], [400, 'face_photo_too_large']);
    const loginTry = await new Client(server.url).call('POST', '/api/uaa/oauth/login/face', {
      json: { faceImage: base64(huge) },
    });
    assert.equal(loginTry.body.code, 'face_photo_too_large');
    assert.equal((await stats()).started.length, started);
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

describe('face attempt limits (face/limits.ts)', () => {
  const admitted = (limits: FaceAttemptLimits, keys: string[]): FaceAttempt => {
    const attempt = limits.admit(keys);
    assert.equal(attempt.locked, false, `${keys.join()} is locked`);
    return attempt as FaceAttempt;
  };

  it('counts failures per address and per target; a success clears only its own target', () => {
    let now = 1_000_000;
    const limits = new FaceAttemptLimits(() => now);
    // Nine failures from address A, nearest to user 7; then user 7's own face from A.
    for (let i = 0; i < 9; i += 1) admitted(limits, ['address:A']).failed(['user:7']);
    admitted(limits, ['address:A']).succeeded(7, 'user:7');
    // User 7's count is cleared: from another address, 7 is not locked.
    assert.equal(admitted(limits, ['address:B']).targetLockedUntil('user:7'), 0);
    // Address A is not: one more failure (allowance 10, +0 for one person) locks it.
    admitted(limits, ['address:A']).failed(['user:8']);
    const locked = limits.admit(['address:A']);
    assert.ok(locked.locked && locked.until === now + 60_000, 'locked for a minute');
    // After the lock: one more try, then a longer lock (2 min).
    now += 60_000;
    admitted(limits, ['address:A']).failed([]);
    const again = limits.admit(['address:A']);
    assert.ok(again.locked && again.until === now + 120_000);
  });

  it('locks a target that failures from many addresses aim at, and refuses its face while locked', () => {
    const now = 5_000_000;
    const limits = new FaceAttemptLimits(() => now);
    for (let i = 0; i < 10; i += 1) admitted(limits, [`address:${i}`]).failed(['user:42']);
    const attempt = admitted(limits, ['address:owner']);
    assert.equal(attempt.targetLockedUntil('user:42'), now + 60_000);
    attempt.dropped();
  });

  it('keeps a busy clock-in terminal usable: different people earn room, one face shown again does not', () => {
    let now = 9_000_000;
    const limits = new FaceAttemptLimits(() => now);
    const terminal = ['address:gate', 'terminal:1'];
    // A morning at the gate: 300 pupils in 10 minutes, every 15th capture fails once.
    for (let pupil = 0; pupil < 300; pupil += 1) {
      now += 2000;
      if (pupil % 15 === 0) admitted(limits, terminal).failed([`user:${pupil}`]);
      admitted(limits, terminal).succeeded(pupil, `user:${pupil}`);
    }
    assert.equal(limits.admit(terminal).locked, false, 'the gate is still open');
    // A guesser at another terminal shows their own face between rounds of 9 guesses: 10 guesses analysed in all.
    const other = ['address:hall', 'terminal:2'];
    let analysed = 0;
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < 9; i += 1) {
        const attempt = limits.admit(other);
        if (attempt.locked) continue;
        analysed += 1;
        attempt.failed([]);
      }
      const own = limits.admit(other);
      if (!own.locked) own.succeeded(99, 'user:99');
    }
    assert.equal(analysed, 10);
  });

  it('counts attempts under way, so parallel guesses cannot overrun the limit', () => {
    const limits = new FaceAttemptLimits(() => 0);
    const attempts: FaceAttempt[] = [];
    for (let i = 0; i < 30; i += 1) {
      const attempt = limits.admit(['address:A']);
      if (!attempt.locked) attempts.push(attempt);
    }
    assert.equal(attempts.length, 10);
    for (const attempt of attempts) attempt.failed([]);
  });

  it('limits collections per user in a sliding minute', () => {
    let now = 0;
    const limits = new EnrolLimits(() => now, { perWindow: 2, windowMs: 60_000 });
    assert.deepEqual([limits.take(1), limits.take(1), limits.take(1), limits.take(2)], [0, 0, 60_000, 0]);
    now = 60_001;
    assert.equal(limits.take(1), 0);
  });

  it('marks a session fresh for 5 minutes, only while it exists and only if it began before the mark', () => {
    let now = 100_000;
    const sessions = new Map<number, number>([[1, 50_000]]);
    const fresh = new FreshCredentials(
      () => now,
      (id) => sessions.get(id) ?? null,
    );
    assert.equal(fresh.isFresh(1), false);
    assert.equal(fresh.mark(1, 'password').until, now + 5 * 60_000);
    assert.equal(fresh.isFresh(1), true);
    now += 5 * 60_000 - 1;
    assert.equal(fresh.isFresh(1), true);
    now += 1;
    assert.equal(fresh.isFresh(1), false);
    // A passkey marks it the same way; a session that ended, or a later one with the same id, is not fresh.
    fresh.mark(1, 'passkey');
    assert.equal(fresh.freshness(1)?.kind, 'passkey');
    sessions.set(1, now + 1);
    assert.equal(fresh.isFresh(1), false);
    fresh.mark(1, 'password');
    sessions.delete(1);
    assert.equal(fresh.isFresh(1), false);
  });
});
