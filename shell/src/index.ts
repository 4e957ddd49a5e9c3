// The async boundary module federation needs: shared singletons (react, the auth store, ...) are
// negotiated while this import loads, before any of them is used.
import('./bootstrap').catch((error: unknown) => {
  console.error('Antiquarium failed to start', error);
});
