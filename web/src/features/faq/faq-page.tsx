import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { signUpPath } from '@/config/paths';
import { useHydrating } from '@/hooks/use-hydrating';
import { FAQ_CATEGORIES, searchFaqs, type FaqItem } from './faq-data';

function FaqQuestion({ item, open, onToggle }: { item: FaqItem; open: boolean; onToggle(): void }) {
  const panelId = useId();
  return (
    <li className="rounded-lg border border-gray-200 bg-white">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold"
        >
          {item.question}
          <span aria-hidden="true" className="text-xl text-brand-800">
            {open ? '−' : '+'}
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-4 text-gray-800">
        {item.answer}
      </div>
    </li>
  );
}

/** Prerendered: the search takes input once the app runs (typed before, it would find nothing). */
function FaqSearch({ query, onChange }: { query: string; onChange: (query: string) => void }) {
  const hydrating = useHydrating();
  return (
    <div className="mt-8">
      <label htmlFor="faq-search" className="font-medium">
        Search FAQs
      </label>
      <input
        id="faq-search"
        type="search"
        value={query}
        disabled={hydrating}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search questions and answers..."
        className="mt-1 block w-full rounded-lg border border-gray-400 px-4 py-3"
      />
    </div>
  );
}

export function FaqPage() {
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const searching = query.trim() !== '';
  const results = searching ? searchFaqs(query) : [];
  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id));

  const renderList = (items: FaqItem[]) => (
    <ul className="space-y-3">
      {items.map((item) => (
        <FaqQuestion
          key={item.id}
          item={item}
          open={openId === item.id}
          onToggle={() => toggle(item.id)}
        />
      ))}
    </ul>
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Frequently Asked Questions</h1>
      <p className="mt-2 text-gray-700">
        Answers about dispute letters, the credit bureaus and your subscription.
      </p>
      <FaqSearch query={query} onChange={setQuery} />
      <div className="mt-8 space-y-10">
        {searching ? (
          <section aria-labelledby="faq-results">
            <h2 id="faq-results" className="mb-4 text-xl font-bold" aria-live="polite">
              Search Results ({results.length} found)
            </h2>
            {results.length === 0 ? (
              <p className="text-gray-700">No FAQs found matching your search.</p>
            ) : (
              renderList(results)
            )}
          </section>
        ) : (
          FAQ_CATEGORIES.map((category) => (
            <section key={category.title} aria-label={category.title}>
              <h2 className="mb-4 text-xl font-bold">{category.title}</h2>
              {renderList(category.items)}
            </section>
          ))
        )}
      </div>
      <section className="mt-12 rounded-xl bg-brand-50 p-6 text-center">
        <h2 className="text-xl font-bold">Ready to dispute an error?</h2>
        <Link to={signUpPath} className={buttonClasses('primary', 'mt-4')}>
          Get Started
        </Link>
      </section>
    </div>
  );
}
