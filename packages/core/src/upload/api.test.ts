import { expect } from '@open-wc/testing';
import { fakeClient } from '../test-support/fake-client.ts';
import { fakeStorage } from '../test-support/fake-storage.ts';
import { convertBase64Image, mergeFile, UPLOAD_PATHS, uploadChunk, uploadSingle } from './api.ts';
import { blobToBase64, compressImage, fitWithin, uploadCompressedImage } from './image.ts';

describe('upload calls', () => {
  it('sends the single upload as multipart serverid, file, uid and md5 with the default server id', async () => {
    const storage = fakeStorage();
    const file = new File(['hello'], 'hello.pdf');
    await uploadSingle({ file, md5: '5d41402abc4b2a76b9719d911017c592', uid: '7' }, { client: storage.client });
    const call = storage.calls[0]!;
    expect(call.path).to.equal('/zuul/api/storage/upload');
    expect(call.fields['serverid']).to.equal('base');
    expect(call.fields['uid']).to.equal('7');
    expect((call.fields['file'] as File).name).to.equal('hello.pdf');
  });

  it('names a chunk part after the file and sends the chunk size as size', async () => {
    const storage = fakeStorage();
    await uploadChunk(
      {
        file: new Blob(['abc']),
        chunk: 2,
        chunks: 2,
        eachSize: 4,
        md5: 'm',
        fileName: 'x.mp4',
        fullSize: 7,
        uid: '1',
      },
      { client: storage.client },
    );
    const fields = storage.calls[0]!.fields;
    expect(storage.calls[0]!.path).to.equal('/zuul/api/storage/file_piecewise/upload');
    expect((fields['file'] as File).name).to.equal('x.mp4');
    expect(fields['size']).to.equal('3');
    expect(fields['serverid']).to.equal('base');
  });

  it('posts the merge and the base64 image with the spec’s fields', async () => {
    const { client, calls } = fakeClient({ [UPLOAD_PATHS.mergeFile]: { fileId: 'F' } });
    expect(await mergeFile({ md5: 'm', name: 'a.mp4', size: 9, chunks: 3 }, { client })).to.deep.equal({
      fileId: 'F',
    });
    expect(calls[0]).to.deep.include({ method: 'post', url: '/api/storage/file_piecewise/merge_file' });
    expect(calls[0]!.payload).to.deep.equal({ md5: 'm', name: 'a.mp4', size: 9, chunks: 3 });

    await convertBase64Image({ fileName: 'face.jpg', base64Str: 'QUJD', type: '.JPG' }, { client });
    expect(calls[1]!.url).to.equal('/api/storage/upload/base64_convert_image');
    expect(calls[1]!.payload).to.deep.equal({ serverid: 'base', fileName: 'face', base64Str: 'QUJD', type: 'jpg' });
  });
});

describe('upload image helpers', () => {
  function pngOf(width: number, height: number): Promise<Blob> {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#457cd6';
    context.fillRect(0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/png' });
  }

  it('fits inside the limits keeping the ratio, never enlarging', () => {
    expect(fitWithin(1000, 500, 500, 500)).to.deep.equal([500, 250]);
    expect(fitWithin(480, 640, 500, 500)).to.deep.equal([375, 500]);
    expect(fitWithin(200, 100, 500, 500)).to.deep.equal([200, 100]);
  });

  it('compresses to a JPEG of at most 500×500 by default', async () => {
    const jpeg = await compressImage(await pngOf(1200, 800));
    expect(jpeg.type).to.equal('image/jpeg');
    const bitmap = await createImageBitmap(jpeg);
    expect([bitmap.width, bitmap.height]).to.deep.equal([500, 333]);
    const small = await createImageBitmap(await compressImage(await pngOf(300, 200), { maxWidth: 100 }));
    expect([small.width, small.height]).to.deep.equal([100, 67]);
  });

  it('encodes base64 without a prefix and stores a compressed image', async () => {
    expect(await blobToBase64(new Blob(['ABC']))).to.equal('QUJD');
    const { client, calls } = fakeClient({ [UPLOAD_PATHS.base64Image]: { url: '/f/1.jpg' } });
    const data = await uploadCompressedImage(await pngOf(900, 900), { client, fileName: 'face' });
    expect(data).to.deep.equal({ url: '/f/1.jpg' });
    const payload = calls[0]!.payload as Record<string, string>;
    expect(payload['type']).to.equal('jpg');
    expect(payload['fileName']).to.equal('face');
    const bytes = Uint8Array.from(atob(payload['base64Str']!), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    expect([bitmap.width, bitmap.height]).to.deep.equal([500, 500]);
  });
});
