import { type FormEvent, useRef, useState } from 'react';
import { translateValidation } from '../../../lib/i18n/validation';

type Issues<V> = Partial<Record<keyof V, string>>;

/**
 * The state of an antd-free form checked with the contract's zod-free rules (`check` answers each
 * broken field's validation key). A field is checked once it was typed in, and then on every change
 * of any field (a confirmation follows its password), like antd's forms; `validate` checks them all
 * (on submit). Keys are translated when drawn, so a language switch re-translates what is shown.
 * `fieldIds` (in the form's order) are the inputs to focus when their field is the first broken one.
 */
export function useCheckedForm<V extends object>(initial: V, check: (values: V) => Issues<V>, fieldIds: Record<keyof V, string>) {
  const [values, setValues] = useState<V>(initial);
  const [pending, setPending] = useState(false);
  // One submit at a time, even for two in the same tick (before `pending` is drawn).
  const inFlight = useRef(false);
  const [issues, setIssues] = useState<Issues<V>>({});
  const touched = useRef(new Set<keyof V>());

  const shownOf = (found: Issues<V>, prev: Issues<V>): Issues<V> => {
    const out: Issues<V> = { ...prev };
    for (const f of touched.current) out[f] = found[f];
    return out;
  };

  return {
    values,
    change:
      <K extends keyof V>(field: K) =>
      (value: V[K]) => {
        touched.current.add(field);
        const next = { ...values, [field]: value };
        setValues(next);
        setIssues((prev) => shownOf(check(next), prev));
      },
    /** Sets a value without checking it, and clears its message (e.g. a used graphic code). */
    reset<K extends keyof V>(field: K, value: V[K]) {
      touched.current.delete(field);
      setValues((v) => ({ ...v, [field]: value }));
      setIssues((prev) => ({ ...prev, [field]: undefined }));
    },
    /** Shows the messages of another check (e.g. "send code" checking the address and graphic code). */
    report(found: Issues<V>) {
      for (const f of Object.keys(found) as (keyof V)[]) touched.current.add(f);
      setIssues((prev) => ({ ...prev, ...found }));
    },
    pending,
    /**
     * The form's submit handler: checks every field, focuses the first broken one, else runs `send`
     * once at a time (its failure has been shown by the API client).
     */
    submit: (send: (values: V) => Promise<void>) => async (e: FormEvent) => {
      e.preventDefault();
      if (inFlight.current) return;
      const found = check(values);
      for (const f of Object.keys(values) as (keyof V)[]) touched.current.add(f);
      setIssues(found);
      const firstBad = (Object.keys(fieldIds) as (keyof V)[]).find((f) => found[f]);
      if (firstBad) {
        document.getElementById(fieldIds[firstBad])?.focus();
        return;
      }
      inFlight.current = true;
      setPending(true);
      try {
        await send(values);
      } catch {
        /* the API client has shown the message */
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    issueText: (field: keyof V) => (issues[field] ? translateValidation(issues[field]) : undefined),
  };
}
