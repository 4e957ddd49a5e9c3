// sharp (libvips) is loaded when a picture is first read, not with the api: an instance that serves
// no photo and no IIIF picture maps none of it.

let mockLoads = 0;
jest.mock('sharp', () => {
  mockLoads += 1;
  return jest.requireActual('sharp');
});

// The tus server's own modules are ES modules this suite's runner cannot load: they are not what is looked at.
jest.mock('@tus/server', () => ({ Server: class {} }));

test('the whole api loads without libvips; the first picture read loads it, once', async () => {
  // Every module of the api, as main.ts imports them (the IIIF and photo modules included).
  await jest.isolateModulesAsync(async () => {
    await import('../app.module');
  });
  expect(mockLoads).toBe(0);
  const { sharpOnDemand } = await import('./sharp-on-demand');
  const [first, second] = await Promise.all([sharpOnDemand(), sharpOnDemand()]);
  expect(first).toBe(second);
  expect(typeof first).toBe('function');
  expect(mockLoads).toBe(1);
});
