import { Fragment } from 'react';

/**
 * An e-mail or web address that may wrap after each dot or slash and before the @, so a
 * narrow column breaks it between its parts ("harbor.point." / "realty@example.com")
 * rather than mid-word. The text itself (and an accessible name) is unchanged.
 */
export function AddressText({ text }: { text: string }) {
  let at = 0;
  return (
    <>
      {text.split(/(?<=[./])|(?=@)/).map((part) => {
        const key = at;
        at += part.length;
        return (
          <Fragment key={key}>
            {key > 0 && <wbr />}
            {part}
          </Fragment>
        );
      })}
    </>
  );
}
