// What only some instances use is loaded when first used, not with the api: sharp (libvips) when a
// picture is first read, the S3 client when the photos live in a bucket, nodemailer with the first
// mail sent. An instance that serves no photo maps none of libvips; one whose photos are in a
// folder, none of the S3 client; one without SMTP_URL, none of nodemailer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { AppConfig } from '../config/env';

const loads = { sharp: 0, s3: 0, nodemailer: 0 };
jest.mock('sharp', () => {
  loads.sharp += 1;
  return jest.requireActual('sharp');
});
jest.mock('@aws-sdk/client-s3', () => {
  loads.s3 += 1;
  return jest.requireActual('@aws-sdk/client-s3');
});

jest.mock('nodemailer', () => {
  loads.nodemailer += 1;
  return jest.requireActual('nodemailer');
});

// The tus server's own modules are ES modules this suite's runner cannot load: they are not what is looked at.
jest.mock('@tus/server', () => ({ Server: class {} }));

const s3Config = { photoStore: 's3', s3: { bucket: 'photos', endpoint: 'http://127.0.0.1:1', region: 'us-east-1', forcePathStyle: true } } as unknown as AppConfig;

test('the whole api loads without libvips, the S3 client or nodemailer', async () => {
  // Every module of the api, as main.ts imports them (the IIIF and photo modules included).
  await jest.isolateModulesAsync(async () => {
    await import('../app.module');
  });
  expect(loads).toEqual({ sharp: 0, s3: 0, nodemailer: 0 });
});

test('the first picture read loads libvips, once', async () => {
  const { sharpOnDemand } = await import('./sharp-on-demand');
  const [first, second] = await Promise.all([sharpOnDemand(), sharpOnDemand()]);
  expect(first).toBe(second);
  expect(typeof first).toBe('function');
  expect(loads.sharp).toBe(1);
});

test('photos in a folder load no S3 client; photos in a bucket load it for the store and the uploads', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'on-demand-'));
  try {
    const { photoStoreOf, LocalPhotoStore } = await import('./photo-store');
    const { uploadedBytesOf, LocalUploadedBytes } = await import('./uploaded-bytes');
    const local = { photoStore: 'local', photosDir: dir, uploadsDir: path.join(dir, 'uploads') } as unknown as AppConfig;
    expect(await photoStoreOf(local)).toBeInstanceOf(LocalPhotoStore);
    expect(await uploadedBytesOf(local)).toBeInstanceOf(LocalUploadedBytes);
    expect(loads.s3).toBe(0);

    const store = await photoStoreOf(s3Config);
    const uploads = await uploadedBytesOf(s3Config);
    expect(store.constructor.name).toBe('S3PhotoStore');
    expect(uploads.constructor.name).toBe('S3UploadedBytes');
    expect(loads.s3).toBe(1);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an SMTP transport loads nodemailer with its first mail, once', async () => {
  const { SmtpTransport } = await import('../mail/mail-transport');
  // A port nothing listens on: the send fails, after nodemailer was loaded to try it.
  const transport = new SmtpTransport('smtp://127.0.0.1:1', 'Antiquarium <noreply@antiquarium.test>');
  expect(loads.nodemailer).toBe(0);
  const mail = { to: 'a@antiquarium.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', headers: {} };
  await expect(transport.send(mail)).rejects.toThrow();
  await expect(transport.send(mail)).rejects.toThrow();
  expect(loads.nodemailer).toBe(1);
  transport.close();
});
