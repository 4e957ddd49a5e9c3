const FACTS = [
  'The Rosetta Stone was found in 1799 by French soldiers rebuilding a fort near Rashid (Rosetta), in the Nile delta.',
  'The Antikythera Mechanism was raised from a shipwreck in 1901; X-ray scans a century later revealed text engraved inside it.',
  "Tutankhamun's tomb lay almost untouched for over 3,000 years until Howard Carter's team opened it in 1922.",
] as const;

export function DidYouKnow() {
  return (
    <section className="cat-section cat-trivia" aria-labelledby="trivia-title">
      <div className="aq-container">
        <div className="cat-section__head">
          <h2 id="trivia-title">Did You Know?</h2>
          <p>Small stories behind great discoveries.</p>
        </div>
        <ul className="cat-trivia__list">
          {FACTS.map((fact) => (
            <li key={fact} className="cat-trivia__fact">
              <p>{fact}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
