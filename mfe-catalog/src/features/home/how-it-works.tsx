const STEPS = [
  {
    title: 'Discover Artifacts',
    text: 'Browse a growing collection of tools, weapons, documents and writings, and filter by type or search by name.',
  },
  {
    title: 'Like & Save',
    text: 'Like the pieces that move you; your liked artifacts are kept together in one list.',
  },
  {
    title: 'Add Your Own',
    text: 'Share an artifact you know with its story: when it was made, where it was found and where it is today.',
  },
  {
    title: 'Connect Globally',
    text: 'Join historians, collectors and curious minds around the world in preserving our shared past.',
  },
] as const;

export function HowItWorks() {
  return (
    <section className="cat-section aq-container" aria-labelledby="how-title">
      <div className="cat-section__head">
        <h2 id="how-title">How It Works</h2>
        <p>Four steps from curiosity to contribution.</p>
      </div>
      <ol className="cat-steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="cat-steps__item">
            <span className="cat-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
