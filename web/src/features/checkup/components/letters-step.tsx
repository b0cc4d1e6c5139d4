import {
  checkupLetters,
  mailedLetters,
  waitsFor,
  withSender,
  type CheckupCreditorLetter,
} from '@shared/checkup';
import type { MailedLetter } from '@shared/disputes';
import { BUREAUS } from '@shared/letters';
import { useMemo, useState } from 'react';
import { buttonClasses } from '@/components/button-styles';
import { saveFile } from '@/lib/save-file';
import { loadDetails, saveDetails } from '@/lib/device-store';
import type { CheckupApi } from '../hooks/use-checkup';
import { allLettersZip, lettersSummary, type CheckupLetter } from '../lib/letter-files';
import {
  fieldErrors,
  initialFields,
  senderOf,
  senderProblems,
  type SenderFields as Fields,
} from '../lib/sender';
import { CHECKUP_MESSAGES } from '../messages';
import { Checkbox } from './checkbox';
import { LetterCard, toAddress } from './letter-card';
import { MarkMailed } from './mark-mailed';
import { NotInLetter } from './not-in-letter';
import { OneAtATime } from './one-at-a-time';
import { SenderFields } from './sender-fields';

interface LettersStepProps {
  api: CheckupApi;
  userId: string;
  /** The name given at sign-up, '' when none. */
  signUpName: string;
  onMailed: (letters: MailedLetter[]) => Promise<void>;
}

/** Every letter the answered findings allow, at once; marked mailed together as Round 1 of each. */
export function LettersStep({ api, userId, signUpName, onMailed }: LettersStepProps) {
  const checkup = api.checkup!;
  const practice = checkup.sample;
  // Name and addresses are the account's "Your details" (the generator fills in the same ones);
  // the date of birth, SSN digits and report numbers live in this component only.
  const [fields, setFields] = useState(() => initialFields(loadDetails(userId), signUpName));
  const [creditors, setCreditors] = useState<string[]>([]);
  const [creditorAddresses, setCreditorAddresses] = useState<Record<string, string>>({});
  const [showCreditors, setShowCreditors] = useState(false);
  const [zip, setZip] = useState<'idle' | 'zipping' | 'zipped' | 'failed'>('idle');
  const sender = useMemo(() => senderOf(fields, practice), [fields, practice]);
  const problems = useMemo(
    () => senderProblems(fields, practice, api.today),
    [fields, practice, api.today],
  );
  // Built once, unsigned; signed only when read, downloaded or mailed: typing rebuilds none.
  const letters = useMemo(
    () => checkupLetters(checkup, api.findings, new Date()),
    [checkup, api.findings],
  );
  const bankruptcies = useMemo(() => {
    const records = new Set(checkup.publicRecords.map((record) => record.id));
    const entries = new Map(api.findings.map((finding) => [finding.id, finding.entryId]));
    return (findingIds: readonly string[]) =>
      findingIds.map((id) => records.has(entries.get(id) ?? ''));
  }, [checkup.publicRecords, api.findings]);
  const addressed = (letter: CheckupCreditorLetter) =>
    toAddress(letter, creditorAddresses[letter.findingId]);
  const sign = <Letter extends CheckupLetter>(letter: Letter) =>
    withSender(letter, new Date(), sender);
  const ready = (letter: CheckupLetter) => waitsFor(letter, problems).length === 0;
  const waits = (letter: CheckupLetter) => waitsFor(letter, problems).map((each) => each.message);
  const chosen = letters.creditorLetters.filter((letter) => creditors.includes(letter.findingId));
  const all = [...letters.bureauLetters, ...letters.creditorLetters.map(addressed)];

  function changeFields(next: Fields) {
    setFields(next);
    // A sample's letters are signed by its holder: the user's details are never changed by them.
    if (!practice)
      saveDetails(userId, {
        name: next.name,
        address: next.address,
        previousAddress: next.previousAddress,
      });
  }

  async function downloadAll() {
    if (zip === 'zipping') return;
    setZip('zipping');
    try {
      const { blob, fileName } = await allLettersZip(
        all.filter(ready).map(sign),
        new Date(),
        practice,
      );
      saveFile(blob, fileName);
      setZip('zipped');
    } catch {
      setZip('failed');
    }
  }

  async function markMailed(mailedOn: string) {
    const signed = [...letters.bureauLetters, ...chosen.map(addressed)].map(sign);
    await onMailed(mailedLetters(signed, mailedOn, sender, new Date()));
    api.update((current) => ({ ...current, mailedOn }));
  }

  const count = all.length;
  return (
    <section aria-labelledby="checkup-step-title" className="space-y-6">
      <h2 id="checkup-step-title" tabIndex={-1} className="text-2xl font-bold">
        Your letters
      </h2>
      <p>{lettersSummary(letters.bureauLetters, letters.creditorLetters.length)}</p>
      {practice ? (
        <p className="text-sm text-amber-950">
          Signed by the sample’s made-up holder, never with your details.
        </p>
      ) : (
        <SenderFields
          fields={fields}
          bureaus={checkup.bureaus}
          errors={fieldErrors(problems)}
          onChange={changeFields}
        />
      )}
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
              {CHECKUP_MESSAGES.zipped(all.filter(ready).length)}
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
        <section aria-label="Letters to the credit bureaus" className="space-y-2">
          <h3 className="text-lg font-bold">To the credit bureaus</h3>
          <OneAtATime
            noun="bureau letter"
            bottom={false}
            items={letters.bureauLetters.map((letter) => ({
              key: letter.bureau,
              label: `Letter to ${BUREAUS[letter.bureau].name}`,
              node: (
                <LetterCard
                  title={`Letter to ${BUREAUS[letter.bureau].name}`}
                  letter={letter}
                  bankruptcies={bankruptcies(letter.findingIds)}
                  sender={sender}
                  waits={waits(letter)}
                />
              ),
            }))}
          />
        </section>
      )}
      {letters.creditorLetters.length > 0 && (
        <section aria-label="Letters to the creditors" className="space-y-2">
          <h3 className="text-lg font-bold">To the creditors (optional)</h3>
          <p className="text-sm text-gray-800">
            A direct dispute to the company that reports the account. Type its dispute address on
            its letter (the address on its statements or its website), or leave it blank to write it
            in by hand.
          </p>
          {/* Optional letters: on a phone they open on request, so the step stays short. */}
          <button
            type="button"
            aria-expanded={showCreditors}
            className={buttonClasses('secondary', 'px-4 py-2 text-sm sm:hidden')}
            onClick={() => setShowCreditors(!showCreditors)}
          >
            {showCreditors ? 'Hide' : 'Show'} the {letters.creditorLetters.length} creditor{' '}
            {letters.creditorLetters.length === 1 ? 'letter' : 'letters'}
          </button>
          <div className={showCreditors ? '' : 'max-sm:hidden'}>
            <OneAtATime
              noun="creditor letter"
              bottom={false}
              items={letters.creditorLetters.map((letter) => ({
                key: letter.findingId,
                label: `Letter to ${letter.creditor}`,
                node: (
                  <LetterCard
                    title={`Letter to ${letter.creditor}`}
                    letter={letter}
                    bankruptcies={bankruptcies([letter.findingId])}
                    sender={sender}
                    waits={waits(letter)}
                    address={creditorAddresses[letter.findingId]}
                    onAddress={(typed) =>
                      setCreditorAddresses((current) => ({ ...current, [letter.findingId]: typed }))
                    }
                  >
                    {!practice && (
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
                    )}
                  </LetterCard>
                ),
              }))}
            />
          </div>
        </section>
      )}
      <NotInLetter letters={letters} practice={practice} />
      {!practice &&
        letters.bureauLetters.length > 0 &&
        (problems.length > 0 && !checkup.mailedOn ? (
          <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            Fix the details marked above, then mark the letters as mailed.
          </p>
        ) : (
          <MarkMailed
            bureauLetters={letters.bureauLetters.length}
            creditorLetters={chosen.length}
            mailedOn={checkup.mailedOn}
            today={api.today}
            onMark={markMailed}
          />
        ))}
    </section>
  );
}
