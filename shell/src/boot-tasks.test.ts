// The boot's long steps run in tasks of their own (issue 47): a key pressed while the site's code
// starts waits for one step, not for the entry's evaluation, the shared modules' negotiation and the
// first render's set-up in a row. Each test fails if its step is folded back into the task before it.

const mockStart = jest.fn();
const mockConfigure = jest.fn();
const mockCreateRoot = jest.fn(() => ({ render: jest.fn() }));

jest.mock('./bootstrap', () => ({ start: mockStart }));
jest.mock('./config/runtime-config', () => ({ loadRuntimeConfig: () => new Promise(() => undefined) }));

/** Runs every microtask queued so far, and those they queue, within the current task. */
async function drainMicrotasks(): Promise<void> {
  for (let i = 0; i < 50; i += 1) await Promise.resolve();
}

function nextTaskHere(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

describe('the boot yields between its long steps', () => {
  test('the entry asks for the bootstrap (the shared modules negotiation) in a task after its own', async () => {
    await jest.isolateModulesAsync(async () => {
      await import('./index');
    });
    await drainMicrotasks();
    expect(mockStart).not.toHaveBeenCalled();
    await nextTaskHere();
    await drainMicrotasks();
    expect(mockStart).toHaveBeenCalledTimes(1);
  });

  test('start() sets up the site in a task after the one that evaluated its modules', async () => {
    jest.resetModules();
    jest.doMock('@antiquarium/api-client', () => ({ configureApiClient: mockConfigure }));
    jest.doMock('@antiquarium/auth-store', () => ({ useAuthStore: { getState: () => ({ init: () => Promise.resolve(), getIdToken: () => Promise.resolve(null) }) } }));
    jest.doMock('./remotes/telemetry/telemetry', () => ({ startTelemetry: jest.fn() }));
    jest.doMock('./app/routes', () => ({ routes: [] }));
    jest.doMock('react-dom/client', () => ({ createRoot: mockCreateRoot, hydrateRoot: jest.fn() }));
    jest.doMock('react-router-dom', () => ({
      RouterProvider: () => null,
      createBrowserRouter: () => ({ state: { initialized: true, location: { pathname: '/', search: '' } }, subscribe: () => () => undefined }),
    }));
    const { start } = jest.requireActual<typeof import('./bootstrap')>('./bootstrap');
    document.body.innerHTML = '<div id="root"></div>';
    const config = { apiUrl: 'http://localhost:3000', telemetrySampleRate: 0, firebase: {}, authEmulatorUrl: null };
    const started = start(Promise.resolve(config as never));
    await drainMicrotasks();
    expect(mockConfigure).not.toHaveBeenCalled();
    await nextTaskHere();
    await started;
    expect(mockConfigure).toHaveBeenCalledTimes(1);
    expect(mockCreateRoot).toHaveBeenCalledTimes(1);
  });
});
