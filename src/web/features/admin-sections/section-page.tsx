import { useParams } from 'react-router';

/** Admin areas whose contents the spec does not show yet: the route exists and says what it is for. */
const SECTIONS: Record<string, { title: string; text: string }> = {
  proposals: { title: 'Proposals', text: 'Proposals sent to prospective customers will be listed here.' },
};

export function SectionPage() {
  const { section = '' } = useParams();
  const entry = SECTIONS[section] ?? { title: section, text: '' };
  return (
    <section>
      <h1 className="text-2xl font-bold">{entry.title}</h1>
      <p className="mt-2 text-slate-600">{entry.text}</p>
    </section>
  );
}
