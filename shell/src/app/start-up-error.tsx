/** Shown when the site cannot even read its configuration: nothing else can work. */
export function StartUpError() {
  return (
    <main className="aq-container aq-start-up-error">
      <h1>Antiquarium is unavailable</h1>
      <p>The site could not start. Please reload the page in a moment.</p>
      <button type="button" className="aq-button aq-button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
