import { useOperator } from '@/config/runtime-config';

/** An address given on several lines reads as one line in a sentence. */
const oneLine = (address: string) => address.split(/\s*\n\s*/).join(', ');

/**
 * Who runs the site, as one sentence: the configured name and postal address, or a plain note
 * that the operator has not given them (never an invented one).
 */
export function OperatorStatement() {
  const { name, address } = useOperator();
  if (!name && !address)
    return (
      <>
        The people who run this site have not yet given their name and postal address, so none is
        shown here.
      </>
    );
  return (
    <>
      This site is run by {name ?? 'an operator who has not yet given a name'}
      {address ? `, ${oneLine(address)}` : ', who has not yet given a postal address'}.
    </>
  );
}
