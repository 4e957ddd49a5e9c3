import './coming-soon.css';

/** Placeholder until this remote's screens are built; the shell already routes here. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="aq-container coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p>Coming soon</p>
    </section>
  );
}
