/**
 * The face calls under attack (docs/decisions.md "Face security"), against a real server with the real nets: each
 * test performs an attack, reports attempts / got through / data lost (attack-report.ts), then asserts that nothing
 * got through. Photos are captures of the sample faces face-api ships (src/face/captures.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { captureFace, SAMPLE_FACES } from '../src/face/captures.ts';
import { reportAttack } from './attack-report.ts';
import { base64, collectFace, confirmPassword, otherCapture, useFaceServer } from './face-calls.ts';
import { Client, login, type Json, STUDENT1, TEACHER1 } from './helpers.ts';

/** The victim's face, and the attacker's own. */
const VICTIM = SAMPLE_FACES[0]!;
const ATTACKER = SAMPLE_FACES[3]!;

describe('face attacks', () => {
  const server = useFaceServer();
  const confirm = confirmPassword;
  const enrol = collectFace;
  const faceLogin = (photo: Buffer, client = new Client(server.url)) =>
    client.call('POST', '/api/uaa/oauth/login/face', { json: { faceImage: base64(photo) } });
  const enrolled = (userId: number) =>
    server.app.portal.db.prepare('SELECT descriptor FROM user_faces WHERE user_id = ?').get(userId) as
      { descriptor: string } | undefined;
  const dropFaces = () => server.app.portal.db.prepare('DELETE FROM user_faces').run();
  const faceStats = async () => (await new Client(server.url).call('GET', '/api/__test/face/stats')).body.data as Json;

  test('attack: plant a face on a signed-in session without the password', async (t) => {
    dropFaces();
    const victim = await login(server, 'teacher1');
    const attempts: { status: number; code: string }[] = [];
    const record = async (answer: Promise<{ body: Json }>) => {
      const { body } = await answer;
      attempts.push({ status: body.status, code: body.code });
      return body;
    };
    // A forged same-site form is refused before it runs (where it came from, and a form where JSON is posted).
    const forged = await victim.call('POST', '/api/uaa/face/check', {
      form: { faceImage: base64(await captureFace(ATTACKER)), userId: String(TEACHER1) },
      headers: { origin: 'http://127.0.0.1:9999' },
    });
    assert.deepEqual([forged.response.status, forged.body.code], [403, 'cross_origin_refused']);
    const sameOriginForm = await victim.call('POST', '/api/uaa/face/check', {
      form: { faceImage: base64(await captureFace(ATTACKER)), userId: String(TEACHER1) },
    });
    assert.deepEqual([sameOriginForm.response.status, sameOriginForm.body.code], [415, 'form_not_accepted']);
    // A script on the victim's session: no fresh credential.
    await record(enrol(victim, TEACHER1, await captureFace(ATTACKER)));
    // Guessed passwords do not make the session fresh.
    for (const guess of ['123456', 'teacher1', 'Edu@2025']) {
      const refused = (await confirm(victim, guess)).body;
      assert.deepEqual([refused.status, refused.code], [400, 'wrong_password']);
      assert.equal(refused.fieldErrors[0]?.field, 'password');
      await record(enrol(victim, TEACHER1, await captureFace(ATTACKER)));
    }
    // The owner's confirmation ends with the session: a new session (the same rowid, perhaps) is not fresh.
    assert.equal((await confirm(victim)).body.status, 200);
    await victim.call('POST', '/api/uaa/oauth/logout');
    const next = await login(server, 'teacher1');
    await record(enrol(next, TEACHER1, await captureFace(ATTACKER)));
    // A confirmation older than 5 minutes no longer counts.
    assert.equal((await confirm(next)).body.status, 200);
    await server.configure({ clockOffsetMs: 5 * 60_000 + 1000 });
    await record(enrol(next, TEACHER1, await captureFace(ATTACKER)));
    await server.configure({ clockOffsetMs: 0 });

    const gotIn = (await faceLogin(await otherCapture(ATTACKER))).body.data?.loginName === 'teacher1';
    const planted = attempts.filter((a) => a.status === 200).length;
    reportAttack(t, 'plant a face without a fresh credential', {
      attempts: attempts.length,
      gotThrough: planted + (gotIn ? 1 : 0),
      dataLost: enrolled(TEACHER1) ? 1 : 0,
    });
    assert.deepEqual(
      attempts,
      attempts.map(() => ({ status: 403, code: 'fresh_credential_required' })),
    );
    assert.equal(gotIn, false);
    assert.equal(enrolled(TEACHER1), undefined);

    // The owner, with the password just confirmed, collects their face.
    assert.equal((await confirm(next)).body.status, 200);
    const own = (await enrol(next, TEACHER1, await captureFace(VICTIM))).body;
    assert.equal(own.status, 200, own.message);
  });

  test('attack: enrol another account’s face, then sign in as yourself with their photo', async (t) => {
    dropFaces();
    const teacher = await login(server, 'teacher1');
    assert.equal((await confirm(teacher)).body.status, 200);
    assert.equal((await enrol(teacher, TEACHER1, await captureFace(VICTIM))).body.status, 200);

    // student1, with their own password confirmed, collects captures of teacher1's face.
    const student = await login(server, 'student1');
    assert.equal((await confirm(student)).body.status, 200);
    const captures = [
      await captureFace(VICTIM),
      await otherCapture(),
      await captureFace(VICTIM, { zoom: 2.0, brightness: 0.8, mirror: true }),
    ];
    const answers: Json[] = [];
    for (const photo of captures) answers.push((await enrol(student, STUDENT1, photo)).body);

    // teacher1's photo still signs in as teacher1 only.
    const asWho = (await faceLogin(await captureFace(VICTIM, { zoom: 1.6, dx: -0.05, quality: 80 }))).body;
    const accepted = answers.filter((answer) => answer.status === 200).length;
    reportAttack(t, 'one face enrolled on two accounts', {
      attempts: captures.length,
      gotThrough: accepted + (asWho.data?.loginName === 'student1' ? 1 : 0),
      dataLost: enrolled(STUDENT1) ? 1 : 0,
    });
    for (const answer of answers) {
      assert.deepEqual([answer.status, answer.code], [400, 'face_enrolled_elsewhere']);
      assert.match(answer.message, /其他账号.*\|\|\|.*another account/);
    }
    assert.equal(asWho.data?.loginName, 'teacher1', asWho.message);
    assert.equal(enrolled(STUDENT1), undefined);
    // student1's own face is welcome.
    const own = (await enrol(student, STUDENT1, await captureFace(ATTACKER))).body;
    assert.equal(own.status, 200, own.message);
  });

  test('attack: reset the face failure limit with one’s own face between rounds', async (t) => {
    dropFaces();
    const student = await login(server, 'student1');
    assert.equal((await confirm(student)).body.status, 200);
    assert.equal((await enrol(student, STUDENT1, await captureFace(ATTACKER))).body.status, 200);
    const ownFace = await otherCapture(ATTACKER);
    // Faces nobody enrolled (the other sample faces), 320 × 320 captures.
    const strangers = await Promise.all(
      SAMPLE_FACES.filter((face) => face !== ATTACKER)
        .slice(0, 9)
        .map((face) => captureFace(face, { side: 320 })),
    );
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const stranger of strangers) statuses.push((await faceLogin(stranger)).body.status);
      statuses.push((await faceLogin(ownFace)).body.status);
    }
    // Failures the server analysed (answered 400): the limit is 10 per address however the rounds end.
    const analysedFailures = statuses.filter((status) => status === 400).length;
    const locked = statuses.filter((status) => status === 429).length;
    reportAttack(t, 'face failure limit reset by an own success', {
      attempts: statuses.length,
      gotThrough: Math.max(0, analysedFailures - 10),
      dataLost: 0,
    });
    assert.equal(analysedFailures, 10, statuses.join(' '));
    assert.ok(locked >= 19, `${locked} attempts refused while locked`);
    assert.equal(statuses.slice(0, 9).join(), Array(9).fill(400).join(), 'the first round is analysed');
    assert.equal(statuses[9], 200, 'one own face login before the limit is reached');
  });

  test('attack: stall face login for everyone with concurrent big collections', async (t) => {
    dropFaces();
    // A face to log in with (student1's), and the nets loaded.
    const student = await login(server, 'student1');
    assert.equal((await confirm(student)).body.status, 200);
    assert.equal((await enrol(student, STUDENT1, await captureFace(ATTACKER))).body.status, 200);
    const loginPhoto = await otherCapture(ATTACKER);
    const restStarted = performance.now();
    assert.equal((await faceLogin(loginPhoto)).body.status, 200);
    const restMs = performance.now() - restStarted;

    // 12 Mpx PNGs (the largest accepted) and 40 Mpx ones, a face in the middle of each.
    const face = await captureFace(VICTIM);
    const bigPng = async (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 90, g: 110, b: 130 } } })
        .composite([{ input: face, gravity: 'centre' }])
        .png({ compressionLevel: 9 })
        .toBuffer();
    const [big, huge] = await Promise.all([bigPng(4096, 3072), bigPng(7300, 5440)]);
    assert.ok(big.length < 4 * 1024 * 1024 && huge.length < 4 * 1024 * 1024, 'both fit the body limit');

    const attackers = await Promise.all(
      ['teacher1', 'parent1', 'parent2', 'staff4'].map((name) => login(server, name)),
    );
    for (const attacker of attackers) assert.equal((await confirm(attacker)).body.status, 200);
    const ids = [10001, 10003, 10002, 10005];

    // 40 Mpx: refused from the header, never reach the worker.
    const startedBefore = (await faceStats()).started.length;
    const hugeAnswers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => enrol(attackers[i % 4]!, ids[i % 4]!, huge).then((a) => a.body)),
    );
    assert.equal((await faceStats()).started.length, startedBefore, 'no 40 Mpx picture was analysed');
    await new Client(server.url).call('POST', '/api/__test/face/reset');
    for (const attacker of attackers) assert.equal((await confirm(attacker)).body.status, 200);

    // 20 concurrent 12 Mpx collections from four sessions, then a face login while they wait.
    const finished: string[] = [];
    const bigAnswers = Array.from({ length: 20 }, (_, i) =>
      enrol(attackers[i % 4]!, ids[i % 4]!, big).then(({ body }) => {
        finished.push(`enrol:${body.code}`);
        return body as Json;
      }),
    );
    let queued = await faceStats();
    for (let i = 0; i < 100 && queued.waiting.enrol < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      queued = await faceStats();
    }
    assert.ok(queued.waiting.enrol >= 2, `collections wait for the worker (${JSON.stringify(queued.waiting)})`);
    const loginStarted = performance.now();
    const during = await faceLogin(loginPhoto);
    const loginMs = performance.now() - loginStarted;
    finished.push('login');
    const after = await faceStats();
    const answers = await Promise.all(bigAnswers);
    const analysedEnrolments = answers.filter((a) => !['face_busy', 'face_enrol_too_often'].includes(a.code));

    // Analyses that started while the login's photo waited (the one running when it came is not among them).
    const overtakenBy = after.lastInteractive.overtakenBy as number;
    const busy = answers.filter((a) => a.code === 'face_busy');
    t.diagnostic(
      `face login at rest ${restMs.toFixed(0)} ms, behind 20 collections of 12 Mpx ${loginMs.toFixed(0)} ms ` +
        `(waited ${after.lastInteractive.waitedMs} ms for the worker); ${analysedEnrolments.length} collections ` +
        `analysed, ${busy.length} refused busy; 40 Mpx: ` +
        `${hugeAnswers.filter((a) => a.code === 'face_photo_too_large').length} of 20 refused from the header; ` +
        `order ${finished.join(' ')}`,
    );
    reportAttack(t, 'stall face login with big collections', {
      attempts: 40,
      gotThrough: overtakenBy + (during.body.status === 200 ? 0 : 1),
      dataLost: 0,
    });
    assert.equal(during.body.status, 200, during.body.message);
    assert.equal(overtakenBy, 0, `${overtakenBy} collections were analysed before the waiting login`);
    assert.ok(finished.indexOf('login') < finished.length - 1, 'the login answered before the last collection');
    for (const answer of hugeAnswers) assert.equal(answer.code, 'face_photo_too_large');
    // The queue is bounded: at most 4 collections ever waited, the rest were refused at once with "busy".
    assert.ok(after.peak.enrol <= 4, `peak ${after.peak.enrol}`);
    assert.equal(analysedEnrolments.length + busy.length, 20);
    for (const answer of busy) assert.match(answer.message, /\|\|\|Face recognition is unavailable/);
    // After the flood, a face login is served as at rest.
    assert.equal((await faceLogin(loginPhoto)).body.status, 200);
  });
});
