import { ERROR_TYPE_IDS, ERROR_TYPES } from '@shared/letters/error-types';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  title: string;
  items: FaqItem[];
}

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    title: 'Getting Started',
    items: [
      {
        id: 'what-is-it',
        question: 'What does Credit Dispute Letters do?',
        answer: `It builds a dispute letter for Experian, Equifax or TransUnion from a short form. You choose the bureau and one of the ${ERROR_TYPE_IDS.length} types of error (${ERROR_TYPE_IDS.map((id) => ERROR_TYPES[id].label).join(', ')}), describe it, and get a ready-to-mail letter that cites the Fair Credit Reporting Act.`,
      },
      {
        id: 'how-to-start',
        question: 'How do I create my first letter?',
        answer:
          'Create an account, subscribe for $5, then open the Dispute Generator. Fill in the form, preview the letter and download it as a text file. Most people finish in under 5 minutes.',
      },
    ],
  },
  {
    title: 'Credit Bureaus & Mailing',
    items: [
      {
        id: 'which-bureaus',
        question: 'Which credit bureaus can I dispute with?',
        answer:
          'All three nationwide bureaus: Experian, Equifax and TransUnion. Each letter is addressed to the bureau you pick, with its consumer dispute mailing address already filled in. If two or three bureaus report the same item, enter it once and tick the other bureaus: you get one letter for each, downloaded together.',
      },
      {
        id: 'how-to-mail',
        question: 'How should I send my letter?',
        answer:
          'Print and sign it, attach copies (never originals) of your supporting documents, and send it by certified mail with return receipt requested, so you can prove when the bureau received it.',
      },
    ],
  },
  {
    title: 'Editing & Software',
    items: [
      {
        id: 'edit-letter',
        question: 'Can I edit the letter after I download it?',
        answer:
          'Yes. Download it in any of four formats: a plain text file (.txt) for any editor, a Microsoft Word document (.docx), a Google Docs file (.html: upload it to Google Drive and open it with Google Docs), or Print / Save as PDF from the preview. Your name and address go in from Your details; sign it, and adjust any wording you like before printing. The Review step can also build one mailing packet PDF: the letter with each of its exhibits.',
      },
      {
        id: 'software-needed',
        question: 'Do I need to install any software?',
        answer:
          'No. Everything runs in your web browser on a computer, tablet or phone. Your letter is built on your own device, and its details are not sent to our servers.',
      },
      {
        id: 'sync',
        question: 'Can I see my disputes on my phone and my computer?',
        answer:
          'Yes, with "Sync across my devices" in My Disputes, under Your data. Your data is encrypted in your browser with a sync passphrase before it is sent, so our server keeps only ciphertext it cannot read. Keep the recovery code shown when you turn it on: if you lose both it and the passphrase, nobody can open the synced copy, not even us. Turn off sync there to delete the server copy; each device keeps its own. "Delete all my data" deletes the server copy too, from any device. Synced data may hold up to 5,000 records and 250 MB in all; a file past that stays on its device, and the page names it.',
      },
    ],
  },
  {
    title: 'Timeline & Results',
    items: [
      {
        id: 'how-long',
        question: 'How long does a dispute take?',
        answer:
          'Bureaus generally must investigate within 30 days of receiving your dispute. In practice, expect results within 30-90 days, and sometimes longer if they ask for more information.',
      },
      {
        id: 'guarantee',
        question: 'Do you guarantee that items will be removed?',
        answer:
          'No. We generate letters only and are not a credit repair company. Whether an item is corrected or removed depends on the bureau investigation and the facts of your case.',
      },
    ],
  },
  {
    title: 'Additional Support',
    items: [
      {
        id: 'cancel',
        question: 'How do I cancel my subscription?',
        answer:
          'Open the menu under your name and choose Manage billing. From there you can cancel at any time; you keep access until the end of the period you paid for.',
      },
      {
        id: 'contact',
        question: 'What if the bureau rejects my dispute?',
        answer:
          'Ask the bureau for the method of verification, gather more evidence and send a follow-up letter. You may also file a complaint with the Consumer Financial Protection Bureau.',
      },
    ],
  },
];

/** Items whose question or answer contains the query, ignoring case. */
export function searchFaqs(query: string, categories: FaqCategory[] = FAQ_CATEGORIES): FaqItem[] {
  const needle = query.trim().toLowerCase();
  return categories
    .flatMap((category) => category.items)
    .filter(
      (item) =>
        item.question.toLowerCase().includes(needle) || item.answer.toLowerCase().includes(needle),
    );
}
