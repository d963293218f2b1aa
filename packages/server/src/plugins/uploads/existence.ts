/**
 * `second_upload_check`, the existence check (instant second upload): whether the content is stored already, and
 * if the caller may have it (entitled, or proving possession), their own record of it at once.
 */
import type { WireSecondCheckBody } from '@edu-portal/core';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../auth/session-http.ts';
import { booleanSchema, envelopeSchema, ok, type JsonSchema } from '../../http/envelope.ts';
import { cleanFileName } from '../../storage/names.ts';
import { refusals } from '../../storage/refusals.ts';
import { answerRefusal, nameRefusal, type UploadService } from '../../storage/upload-service.ts';
import { chunkCountOf } from '../../storage/upload-store.ts';
import { UPLOAD_ROUTES } from './paths.ts';
import { fileDataSchema, md5Schema, payloadProperties, proofSchema, TAGS } from './schemas.ts';

export function existenceCheckRoute(app: FastifyInstance, uploads: UploadService): void {
  const { files, proofs, store } = uploads;
  const secondResponse = envelopeSchema({ anyOf: [fileDataSchema, booleanSchema] });
  secondResponse.properties = { ...(secondResponse.properties as Record<string, JsonSchema>), proof: proofSchema };
  app.post<{ Body: WireSecondCheckBody }>(
    UPLOAD_ROUTES.secondUploadCheck,
    {
      schema: {
        tags: TAGS,
        summary:
          'Whether the file is stored already (deduplication by MD5): if so, and the caller may read a file of ' +
          'this content (their own, or one of their unit), a record of their own is made and answered at once. ' +
          'Extension: when the content is stored but the caller may not read it, `data` is false and `proof` asks ' +
          'for the MD5 of a byte range the server picked; sent back as `proofNonce` and `proofMd5`, a right answer ' +
          'gets the file at once (a wrong or late one: data false, the client uploads). Otherwise data is false',
        body: {
          type: 'object',
          properties: {
            ...payloadProperties,
            proofNonce: { type: 'string', pattern: '^[0-9a-f]{32}$', description: 'Extension: `proof.nonce`' },
            proofMd5: { ...md5Schema, description: 'Extension: MD5 of the nonce then the asked byte range' },
          },
          required: ['md5', 'name'],
        },
        response: { 200: secondResponse },
      },
    },
    async (request) => {
      const { md5: rawMd5, name: rawName, fullSize, size, serverid, chunks, eachSize } = request.body;
      const md5 = rawMd5.toLowerCase();
      const user = authOf(request).user;
      const total = fullSize ?? size;
      const refusal = nameRefusal(rawName, 'checkerror');
      if (refusal) return refusal.toEnvelope();
      if (total !== undefined && total > uploads.maxFileBytes()) return refusals.sizeLimit().toEnvelope();
      if (total === undefined) return ok(false);
      if (chunks !== undefined && eachSize !== undefined && chunks !== chunkCountOf(total, eachSize)) {
        return refusals.chunkCount().toEnvelope();
      }
      if (!(await store.hasBlob(md5, total))) return ok(false);
      // An empty file's content is no secret; any other needs an entitlement or a proof of possession.
      let entitled = total === 0 || files.readableWithContent(md5, total, user);
      const { proofNonce, proofMd5 } = request.body;
      if (!entitled && proofNonce && proofMd5) {
        entitled = await proofs.verify(user.id, md5, total, proofNonce, proofMd5, (offset, length) =>
          store.readBlobRange(md5, total, offset, length),
        );
      }
      if (!entitled) return { ...ok(false), proof: proofs.issue(user.id, md5, total) };
      try {
        const over = await uploads.quotaRefusal(user.id, md5, total);
        if (over) return over.toEnvelope();
        const storagePath = store.blobRelativePath(md5, total);
        const name = cleanFileName(rawName);
        const relativePath = request.body.webkitRelativePath;
        return ok(uploads.recordFile(user, { name, size: total, md5, storagePath, serverid, relativePath }));
      } catch (error) {
        return answerRefusal(error);
      }
    },
  );
}
