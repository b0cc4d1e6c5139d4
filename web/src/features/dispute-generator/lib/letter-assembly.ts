import { keptItem, type MailedLetter } from '@shared/disputes';
import {
  BUREAUS,
  buildFurnisherLetter,
  buildLetter,
  disputedItems,
  furnisherLetterFileName,
  letterFileName,
  mailingAdvice,
  placeholdersIn,
  type FurnisherLetterOptions,
  type LetterForm,
  type SenderDetails,
} from '@shared/letters';
import type { PreparedLetter } from './prepared-letter';

function prepared(
  kind: PreparedLetter['kind'],
  text: string,
  recipient: string,
  accountNames: string[],
  fileName: (extension: 'txt' | 'docx' | 'html') => string,
  record: PreparedLetter['record'],
): PreparedLetter {
  return {
    kind,
    recipient,
    accountNames,
    text,
    advice: mailingAdvice(kind),
    placeholders: placeholdersIn(text),
    fileNames: { txt: fileName('txt'), docx: fileName('docx'), html: fileName('html') },
    record,
  };
}

/**
 * The form as My Disputes keeps it: the date of birth, SSN digits and report number are never
 * stored, so the kept copy of the letter is built without them.
 */
export function storable(form: LetterForm): { form: LetterForm; sender: MailedLetter['sender'] } {
  const sender: Partial<SenderDetails> = form.sender ?? {};
  const kept = {
    name: sender.name ?? '',
    address: sender.address ?? '',
    phone: sender.phone ?? '',
    email: sender.email ?? '',
  };
  return {
    form: { ...form, sender: { ...sender, dateOfBirth: '', ssnLast4: '', reportNumber: '' } },
    sender: kept,
  };
}

/** The letter to the bureau, as previewed, downloaded and recorded. */
export function bureauLetter(form: LetterForm, date: Date): PreparedLetter {
  const kept = storable(form);
  return prepared(
    'bureau',
    buildLetter(form, date),
    BUREAUS[form.bureau].name,
    disputedItems(form).map((item) => item.accountName),
    (extension) => letterFileName(form, date, extension),
    {
      recipient: { kind: 'bureau', bureau: form.bureau },
      items: disputedItems(form).map(keptItem),
      letterText: buildLetter(kept.form, date),
      sender: kept.sender,
    },
  );
}

/** The direct dispute to the creditor that reports item `options.itemIndex`. */
export function furnisherLetter(
  form: LetterForm,
  date: Date,
  options: FurnisherLetterOptions,
): PreparedLetter {
  const item = disputedItems(form)[options.itemIndex] ?? form;
  const name = options.creditorName?.trim() || item.accountName;
  const kept = storable(form);
  return prepared(
    'furnisher',
    buildFurnisherLetter(form, date, options),
    name,
    [item.accountName],
    (extension) => furnisherLetterFileName(form, date, options, extension),
    {
      recipient: { kind: 'furnisher', name, address: options.address ?? '' },
      items: [keptItem(item)],
      letterText: buildFurnisherLetter(kept.form, date, options),
      sender: kept.sender,
    },
  );
}
