/**
 * Runs `change` (a navigation: new search parameters) once the submit event is over. React starts a
 * form action's pending state for a transition begun inside a submit event, reading the form with
 * `new FormData(form, submitter)`; outside a browser (the component tests' Node FormData) that throws,
 * and the filter forms need none of it.
 */
export function afterSubmit(change: () => void): void {
  queueMicrotask(change);
}
