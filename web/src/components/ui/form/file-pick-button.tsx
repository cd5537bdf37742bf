// A button that opens the file picker, for a file that fills no field of its own (a picture put
// into a post's text): the family's one file control outside `Field`, so a feature draws none.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type FilePickButtonProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'hidden' | 'className' | 'children'> & {
  /** What the button says. */
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

export function FilePickButton({ children, className = 'button button-outline', ref, ...input }: FilePickButtonProps) {
  return (
    <label className={className}>
      {children}
      <input ref={ref} type="file" hidden {...input} />
    </label>
  );
}
