import { fieldsByName, readRefusal } from '@preloved/shared';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';

/** Each field's problem: a message key, translated where shown; null or absent when it has none. */
export type FieldErrors<Name extends string> = Partial<Record<Name, string | null>>;

/** What `<Field>` needs from the form for one field; label, type and autocomplete stay the form's. */
export interface FieldBinding {
  ref: (element: HTMLInputElement | null) => void;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

export interface FieldFormOptions {
  /** A problem's message key in the user's language (the form's own catalogue). */
  message: (key: string) => string | null;
}

export interface FieldForm<Name extends string> {
  values: Record<Name, string>;
  setValues: Dispatch<SetStateAction<Record<Name, string>>>;
  errors: FieldErrors<Name>;
  setErrors: Dispatch<SetStateAction<FieldErrors<Name>>>;
  /** The sentence for the form as a whole (its red failure text or error box). */
  failure: string | null;
  setFailure: Dispatch<SetStateAction<string | null>>;
  busy: boolean;
  setBusy: Dispatch<SetStateAction<boolean>>;
  /** Props for `<Field {...form.field('email')} label=… />`: typing clears that field's problem. */
  field: (name: Name) => FieldBinding;
  /** Focus the first field, in the order of `initial`, that has a problem; returns it, if any. */
  focusFirst: (problems: FieldErrors<Name>) => Name | undefined;
  /**
   * The client-side checks' outcome: shows each field's problem, clears the failure and focuses the
   * first field with a problem. True when there is none (the form may be sent).
   */
  check: (problems: FieldErrors<Name>) => boolean;
  /** A server refusal: its field problems next to their fields (first one focused) and its sentence. */
  refuse: (problems: FieldErrors<Name>, text: string | null) => void;
  /**
   * A failed send: the API's refusal read (`keyFields` as readRefusal takes them), its field keys
   * named by `wireFields` (wire name → field) shown with `refuse`, and the form no longer busy.
   */
  refuseFailure: (failure: unknown, wireFields: Record<string, Name>, keyFields?: Record<string, string>) => Promise<void>;
}

/**
 * The state every form of the store repeats (values, field problems, failure sentence, busy) and the
 * focus rule of spec §5: keyboard and screen-reader users land on the first field with a problem.
 * The field order is the key order of `initial`.
 */
export function useFieldForm<Name extends string>(initial: Record<Name, string>, options: FieldFormOptions): FieldForm<Name> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The order is fixed on first render, like the fields themselves.
  const [order] = useState(() => Object.keys(initial) as Name[]);
  const elements = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  // Stable ref callbacks and change handlers per field, so re-renders do not re-attach them.
  const handlers = useRef<Partial<Record<Name, Pick<FieldBinding, 'ref' | 'onChange'>>>>({});

  const handlersOf = (name: Name) =>
    (handlers.current[name] ??= {
      ref: (element) => {
        elements.current[name] = element;
      },
      onChange: (value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: null }));
      },
    });

  const field = (name: Name): FieldBinding => {
    const key = errors[name];
    return { ...handlersOf(name), value: values[name], error: key ? options.message(key) : null };
  };

  const focusFirst = (problems: FieldErrors<Name>) => {
    const first = order.find((name) => problems[name]);
    if (first) elements.current[first]?.focus();
    return first;
  };

  const check = (problems: FieldErrors<Name>) => {
    setErrors(problems);
    setFailure(null);
    return focusFirst(problems) === undefined;
  };

  const refuse = (problems: FieldErrors<Name>, text: string | null) => {
    setErrors(problems);
    setFailure(text || null);
    focusFirst(problems);
  };

  const refuseFailure = async (failure: unknown, wireFields: Record<string, Name>, keyFields?: Record<string, string>) => {
    const refusal = await readRefusal(failure, keyFields);
    refuse(fieldsByName(refusal.fields, wireFields), refusal.text);
    setBusy(false);
  };

  return { values, setValues, errors, setErrors, failure, setFailure, busy, setBusy, field, focusFirst, check, refuse, refuseFailure };
}
