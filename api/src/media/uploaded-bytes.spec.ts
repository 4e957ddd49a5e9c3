import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { uploadIdOfKey } from './s3-uploads';
import { LocalUploadedBytes } from './uploaded-bytes';

describe('uploadIdOfKey', () => {
  it('names the upload of its file, .info, .part and .json, and nothing for other names', () => {
    for (const key of ['uploads/0123456789abcdef', 'uploads/0123456789abcdef.info', 'uploads/0123456789abcdef.part']) {
      expect(uploadIdOfKey(key)).toBe('0123456789abcdef');
    }
    expect(uploadIdOfKey('0123456789abcdef.json', '')).toBe('0123456789abcdef');
    for (const key of ['photos/0123456789abcdef', 'uploads/short', 'uploads/a/b/c/d/e/f/g/h', 'uploads/']) expect(uploadIdOfKey(key)).toBeNull();
  });
});

describe('LocalUploadedBytes.storedIds', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uploaded-bytes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists each upload with anything in the folder once, at most as many as asked', async () => {
    const uploads = new LocalUploadedBytes(dir);
    await uploads.write('aaaaaaaaaaaaaaaa', Buffer.from('whole'));
    writeFileSync(path.join(dir, 'aaaaaaaaaaaaaaaa.json'), '{}');
    writeFileSync(path.join(dir, 'bbbbbbbbbbbbbbbb.json'), '{}');
    writeFileSync(path.join(dir, 'not an upload'), '');
    expect((await uploads.storedIds(10)).sort()).toEqual(['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
    expect(await uploads.storedIds(1)).toHaveLength(1);
    await uploads.remove('aaaaaaaaaaaaaaaa');
    expect(await uploads.storedIds(10)).toEqual(['bbbbbbbbbbbbbbbb']);
  });
});
