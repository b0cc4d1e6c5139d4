import {
  checkupLetters,
  FINDING_KIND_LABELS,
  mailedLetters,
  withSender,
  type CheckupCreditorLetter,
} from '@shared/checkup';
import { letterExhibits, LIMITS, type MailedLetter } from '@shared/disputes';
import { BUREAUS, type DisputedItem, type SenderDetails } from '@shared/letters';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/button-styles';
import { FormField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { saveFile } from '@/lib/save-file';
import { loadDetails, saveDetails } from '@/lib/device-store';
import type { CheckupApi } from '../hooks/use-checkup';
import { allLettersZip, letterFile, type CheckupLetter } from '../lib/letter-files';
import { CHECKUP_MESSAGES } from '../messages';
import { Checkbox } from './checkbox';

type Sender = Pick<SenderDetails, 'name' | 'address'>;

function download(letter: CheckupLetter) {
  const file = letterFile(letter);
  saveFile(new Blob([file.text], { type: 'text/plain' }), file.name);
}

/**
 * A creditor letter to the dispute address typed on its card (placeholders stay when blank): like
 * the sender, it goes into the text when the letter is signed.
 */
function toAddress(letter: CheckupCreditorLetter, address = ''): CheckupCreditorLetter {
  return address.trim() ? { ...letter, options: { ...letter.options, address } } : letter;
}

/** A bankruptcy's number is its case number, not an account's: it is shown whole. */
function itemLabel(item: DisputedItem, bankruptcy: boolean): string {
  if (!item.accountNumber) return item.accountName;
  return bankruptcy
    ? `${item.accountName}, case ${item.accountNumber}`
    : `${item.accountName}, ending ${item.accountNumber.slice(-4)}`;
}

function LetterCard({
  title,
  letter: built,
  bankruptcies,
  sender,
  address,
  onAddress,
  children,
}: {
  title: string;
  /** Built unsigned: signed with `sender` when read or downloaded. */
  letter: CheckupLetter;
  /** Which of its items, in order, are bankruptcies. */
  bankruptcies: readonly boolean[];
  sender: Sender;
  /** A creditor letter's dispute address, typed on its card. */
  address?: string;
  onAddress?: (address: string) => void;
  children?: React.ReactNode;
}) {
  const letter = useMemo(
    () => ('options' in built ? toAddress(built, address) : built),
    [built, address],
  );
  const items = [letter.form, ...(letter.form.additionalItems ?? [])];
  const exhibits = useMemo(() => letterExhibits(letter.text), [letter.text]);
  // Ten letters' text is a lot to lay out: each is rendered once its reader opens it.
  const [reading, setReading] = useState(false);
  const text = useMemo(
    () => (reading ? withSender(letter, new Date(), sender).text : ''),
    [reading, letter, sender],
  );
  return (
    <li className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <article aria-label={title}>
        <h3 className="font-bold break-words">{title}</h3>
        <ol className="mt-2 list-decimal pl-5 text-sm">
          {items.map((item, index) => (
            <li key={index} className="break-words">
              {itemLabel(item, bankruptcies[index] === true)}
            </li>
          ))}
        </ol>
        {exhibits.length > 0 && (
          <>
            <p className="mt-2 text-sm font-semibold">Exhibits to enclose (copies):</p>
            <ul className="list-disc pl-5 text-sm">
              {exhibits.map((exhibit) => (
                <li key={exhibit.number} className="break-words">
                  Exhibit {exhibit.number}: {exhibit.description}
                </li>
              ))}
            </ul>
          </>
        )}
        {onAddress && (
          <FormField
            className="mt-3"
            label="Creditor's dispute address (optional)"
            type="textarea"
            rows={3}
            value={address ?? ''}
            maxLength={LIMITS.creditorAddress}
            onChange={onAddress}
          />
        )}
        <details className="mt-3" onToggle={(event) => setReading(event.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">
            Read the letter
          </summary>
          {reading && (
            // Focusable, so a keyboard can scroll a letter taller than its box.
            <pre
              tabIndex={0}
              aria-label={`Text of the ${title.replace(/^Letter to /, 'letter to ')}`}
              className="mt-2 max-h-96 overflow-auto rounded bg-gray-50 p-3 text-sm whitespace-pre-wrap break-words"
            >
              {text}
            </pre>
          )}
        </details>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={buttonClasses('secondary', 'px-4 py-2 text-sm')}
            onClick={() => download(withSender(letter, new Date(), sender))}
          >
            Download {title.replace(/^Letter to /, 'the letter to ')}
          </button>
          {children}
        </div>
      </article>
    </li>
  );
}

interface LettersStepProps {
  api: CheckupApi;
  userId: string;
  /** The name given at sign-up, '' when none. */
  signUpName: string;
  onMailed: (letters: MailedLetter[]) => Promise<void>;
}

/** Every letter the findings allow, at once; marked mailed together as Round 1 of each. */
export function LettersStep({ api, userId, signUpName, onMailed }: LettersStepProps) {
  const checkup = api.checkup!;
  // The sender's name and address are the account's "Your details", not the checkup's: a reload
  // keeps them, and the generator fills in the same ones.
  const [stored] = useState(() => loadDetails(userId));
  const [name, setName] = useState(stored.name ?? signUpName);
  const [address, setAddress] = useState(stored.address);
  const [mailedOn, setMailedOn] = useState(api.today);
  const [creditors, setCreditors] = useState<string[]>([]);
  const [creditorAddresses, setCreditorAddresses] = useState<Record<string, string>>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [zip, setZip] = useState<'idle' | 'zipping' | 'zipped' | 'failed'>('idle');
  const mailedStatus = useRef<HTMLParagraphElement>(null);
  const sender = useMemo(() => ({ name, address }), [name, address]);
  // The letters are built once, unsigned, and signed only when read, downloaded or mailed:
  // typing a name rebuilds none of them.
  const letters = useMemo(
    () => checkupLetters(checkup, api.findings, new Date()),
    [checkup, api.findings],
  );
  const chosen = letters.creditorLetters.filter((letter) => creditors.includes(letter.findingId));
  const addressed = (letter: CheckupCreditorLetter) =>
    toAddress(letter, creditorAddresses[letter.findingId]);
  const bankruptcies = useMemo(() => {
    const records = new Set(checkup.publicRecords.map((record) => record.id));
    const entries = new Map(api.findings.map((finding) => [finding.id, finding.entryId]));
    return (findingIds: readonly string[]) =>
      findingIds.map((id) => records.has(entries.get(id) ?? ''));
  }, [checkup.publicRecords, api.findings]);
  const mailedOnError =
    mailedOn === ''
      ? CHECKUP_MESSAGES.mailedOnMissing
      : mailedOn > api.today
        ? CHECKUP_MESSAGES.mailedOnFuture
        : undefined;

  const sign = <Letter extends CheckupLetter>(letter: Letter) =>
    withSender(letter, new Date(), sender);

  async function markMailed() {
    if (mailedOnError || state === 'saving') return;
    setState('saving');
    try {
      const signed = [...letters.bureauLetters, ...chosen.map(addressed)].map(sign);
      await onMailed(mailedLetters(signed, mailedOn, sender));
      api.update((current) => ({ ...current, mailedOn }));
      setState('saved');
    } catch {
      setState('failed');
    }
  }

  async function downloadAll() {
    if (zip === 'zipping') return;
    setZip('zipping');
    try {
      const all = [...letters.bureauLetters, ...letters.creditorLetters.map(addressed)].map(sign);
      const { blob, fileName } = await allLettersZip(all, new Date());
      saveFile(blob, fileName);
      setZip('zipped');
    } catch {
      setZip('failed');
    }
  }

  useEffect(() => {
    if (state === 'saved') mailedStatus.current?.focus();
  }, [state]);

  const count = letters.bureauLetters.length + letters.creditorLetters.length;
  const [onlyBureau] = letters.bureauLetters.length === 1 ? letters.bureauLetters : [];
  const toMark = letters.bureauLetters.length + chosen.length;
  return (
    <section aria-labelledby="checkup-step-title" className="space-y-6">
      <h2 id="checkup-step-title" tabIndex={-1} className="text-2xl font-bold">
        Your letters
      </h2>
      <p>
        {count === 0
          ? 'No letter: no finding can go in one yet.'
          : `${onlyBureau ? `1 letter to ${BUREAUS[onlyBureau.bureau].name} with all of its items` : `${letters.bureauLetters.length} letters to the credit bureaus, one per bureau with all of its items`}${letters.creditorLetters.length === 0 ? '' : `, and ${letters.creditorLetters.length} direct ${letters.creditorLetters.length === 1 ? 'dispute' : 'disputes'} to the creditors that report the accounts`}.`}
      </p>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Your name and address for the letters</legend>
        <FormField
          label="Full name"
          value={name}
          maxLength={120}
          onChange={(typed) => {
            setName(typed);
            saveDetails(userId, { name: typed });
          }}
        />
        <FormField
          label="Address (street, then city, state and ZIP)"
          type="textarea"
          rows={2}
          value={address}
          maxLength={300}
          onChange={(typed) => {
            setAddress(typed);
            saveDetails(userId, { address: typed });
          }}
        />
      </fieldset>
      {count > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            // Not `disabled`: a disabled button drops the keyboard's focus to the page.
            aria-disabled={zip === 'zipping' || undefined}
            className={buttonClasses('primary')}
            onClick={() => void downloadAll()}
          >
            Download all letters (.zip)
          </button>
          {zip === 'zipped' && (
            <p role="status" className="text-sm">
              {CHECKUP_MESSAGES.zipped(count)}
            </p>
          )}
          {zip === 'failed' && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {CHECKUP_MESSAGES.zipFailed}
            </p>
          )}
        </div>
      )}
      {letters.bureauLetters.length > 0 && (
        <section aria-label="Letters to the credit bureaus">
          <h3 className="text-lg font-bold">To the credit bureaus</h3>
          <ul className="mt-2 space-y-3">
            {letters.bureauLetters.map((letter) => (
              <LetterCard
                key={letter.bureau}
                title={`Letter to ${BUREAUS[letter.bureau].name}`}
                letter={letter}
                bankruptcies={bankruptcies(letter.findingIds)}
                sender={sender}
              />
            ))}
          </ul>
        </section>
      )}
      {letters.creditorLetters.length > 0 && (
        <section aria-label="Letters to the creditors">
          <h3 className="text-lg font-bold">To the creditors (optional)</h3>
          <p className="text-sm text-gray-800">
            A direct dispute to the company that reports the account. Type its dispute address on
            its letter (the address on its statements or its website), or leave it blank to write it
            in by hand.
          </p>
          <ul className="mt-2 space-y-3">
            {letters.creditorLetters.map((letter) => (
              <LetterCard
                key={letter.findingId}
                title={`Letter to ${letter.creditor}`}
                letter={letter}
                bankruptcies={bankruptcies([letter.findingId])}
                sender={sender}
                address={creditorAddresses[letter.findingId]}
                onAddress={(typed) =>
                  setCreditorAddresses((current) => ({ ...current, [letter.findingId]: typed }))
                }
              >
                <Checkbox
                  label="I mail this one too"
                  checked={creditors.includes(letter.findingId)}
                  onChange={(mail) =>
                    setCreditors((current) =>
                      mail
                        ? [...current, letter.findingId]
                        : current.filter((each) => each !== letter.findingId),
                    )
                  }
                />
              </LetterCard>
            ))}
          </ul>
        </section>
      )}
      {letters.withoutLetter.length > 0 && (
        <section aria-label="Findings without a letter">
          <h3 className="text-lg font-bold">Findings without a letter</h3>
          <ul className="mt-2 list-disc space-y-2 pl-5">
            {letters.withoutLetter.map(({ finding, why }) => (
              <li key={finding.id} className="break-words">
                <strong>
                  {FINDING_KIND_LABELS[finding.kind]}: {finding.title}.
                </strong>{' '}
                {why}
              </li>
            ))}
          </ul>
        </section>
      )}
      {letters.bureauLetters.length > 0 && (
        <section
          aria-label="Mark as mailed"
          className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
        >
          <h3 className="text-lg font-bold">Mailed them?</h3>
          {state === 'saved' || checkup.mailedOn ? (
            // Where the keyboard's focus goes once the button it was on is gone.
            <p ref={mailedStatus} tabIndex={-1} role="status" className="mt-2">
              {state === 'saved'
                ? CHECKUP_MESSAGES.mailed(toMark)
                : CHECKUP_MESSAGES.alreadyMailed(checkup.mailedOn)}{' '}
              <Link to={paths.disputes} className="font-semibold text-brand-800 underline">
                Open My Disputes
              </Link>
            </p>
          ) : (
            <>
              <p className="mt-2 text-sm text-gray-800">
                Record the {letters.bureauLetters.length} bureau{' '}
                {letters.bureauLetters.length === 1 ? 'letter' : 'letters'}
                {chosen.length > 0
                  ? ` and ${chosen.length} creditor ${chosen.length === 1 ? 'letter' : 'letters'}`
                  : ''}{' '}
                in My Disputes as one round, with{' '}
                {toMark === 1 ? 'its deadline' : 'their deadlines'}.
              </p>
              <FormField
                className="mt-3 max-w-xs"
                label="Mailed on"
                type="date"
                value={mailedOn}
                error={mailedOnError}
                onChange={setMailedOn}
              />
              <button
                type="button"
                aria-disabled={state === 'saving' || undefined}
                onClick={() => void markMailed()}
                className={buttonClasses('primary', 'mt-3')}
              >
                Mark all as mailed
              </button>
              {state === 'failed' && (
                <p role="alert" className="mt-2 font-semibold text-red-800">
                  {CHECKUP_MESSAGES.mailFailed}
                </p>
              )}
            </>
          )}
        </section>
      )}
    </section>
  );
}
