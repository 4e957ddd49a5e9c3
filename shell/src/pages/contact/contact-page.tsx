import { ApiRequestError, errorMessage, sendContactMessage } from '@antiquarium/api-client';
import type { ContactMessageInput } from '@antiquarium/contracts';
import { validateContactMessage } from '@antiquarium/contracts/validation';
import { LeaveGuard } from '@antiquarium/ui';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import '../pages.css';

/** The spec's thanks: shown only once the api has stored the message. */
export const CONTACT_THANKS = "Thanks for reaching out! We'll get back to you soon.";

export const CONTACT_TEXTS = {
  send: 'Send Message',
  sending: 'Sending…',
  failed: 'Your message was not sent; what you wrote is still here.',
  tryAgain: 'Please try again in a moment.',
} as const;

type ContactKey = keyof ContactMessageInput;
type ContactErrors = Partial<Record<ContactKey, string>>;

const EMPTY: ContactMessageInput = { name: '', email: '', message: '' };
const ORDER: readonly ContactKey[] = ['name', 'email', 'message'];

/** The messages to show at the fields, the api's own checks (libs/contracts) run in the browser. */
export function validateContact(form: ContactMessageInput): ContactErrors {
  const checked = validateContactMessage(form);
  return checked.ok ? {} : (checked.fields as ContactErrors);
}

interface ContactFieldProps {
  field: ContactKey;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
}

/** A labelled, required field whose error is tied to it for assistive technology. */
function ContactField({ field, label, value, error, onChange, type, autoComplete, multiline = false }: ContactFieldProps) {
  const id = `contact-${field}`;
  const shared = {
    id,
    name: field,
    required: true,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${id}-error` : undefined,
    value,
  };
  return (
    <div className="aq-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...shared} className="aq-textarea" onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type={type} className="aq-input" autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      {error ? (
        <p id={`${id}-error`} className="aq-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The contact form: the message goes to the api (POST /contact), which keeps it for the team's inbox
 * (the moderators' Contact inbox). The spec's thanks shows only once it is stored; a failure says so
 * and keeps what was typed.
 */
export function ContactPage() {
  const [form, setForm] = useState<ContactMessageInput>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // State lands after a render: a ref stops a double click or a second Enter at once.
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  const update = (field: ContactKey) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setSent(false);
  };

  const focusFirst = (found: ContactErrors) => {
    const first = ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const found = validateContact(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      await sendContactMessage({ name: form.name.trim(), email: form.email.trim(), message: form.message.trim() });
      flushSync(() => {
        setForm(EMPTY);
        setSent(true);
      });
      // The focus goes to what changed, the thanks (the button it was on was disabled while sending).
      thanksRef.current?.focus();
    } catch (error) {
      const fields = error instanceof ApiRequestError && error.fields ? (error.fields as ContactErrors) : {};
      setErrors(fields);
      focusFirst(fields);
      setFailure(errorMessage(error, CONTACT_TEXTS.tryAgain));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <div className="aq-container aq-page">
      <div className="aq-page__intro">
        <h1>Contact Us</h1>
        <p className="aq-page__lead">Questions about an artifact, your account or the site? We are happy to help.</p>
      </div>
      <div className="aq-contact">
        <section className="aq-contact__info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">Get in touch</h2>
          <dl>
            <dt>Email</dt>
            <dd>
              <a href="mailto:support@antiquarium.org">support@antiquarium.org</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href="tel:+442071234567">+44 20 7123 4567</a>
            </dd>
            <dt>Address</dt>
            <dd>12 Museum Street, London WC1A 1JR, United Kingdom</dd>
            <dt>Support hours</dt>
            <dd>Mon-Fri 9AM-6PM</dd>
          </dl>
        </section>
        <section className="aq-contact__form" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={sending}>
            {/* Emptied once the message is stored: only an unsent message asks before leaving. */}
            <LeaveGuard when={ORDER.some((field) => form[field].trim() !== '')} />
            <ContactField field="name" label="Name" value={form.name} error={errors.name} onChange={update('name')} autoComplete="name" />
            <ContactField field="email" label="Email" type="email" value={form.email} error={errors.email} onChange={update('email')} autoComplete="email" />
            <ContactField field="message" label="Message" multiline value={form.message} error={errors.message} onChange={update('message')} />
            <div role="status">
              {sent ? (
                <p className="aq-contact__thanks" tabIndex={-1} ref={thanksRef}>
                  {CONTACT_THANKS}
                </p>
              ) : null}
            </div>
            {failure ? (
              <p role="alert" className="aq-contact__failure">
                {CONTACT_TEXTS.failed} {failure}
              </p>
            ) : null}
            <div>
              <button type="submit" className="aq-button aq-button--primary" disabled={sending}>
                {sending ? CONTACT_TEXTS.sending : CONTACT_TEXTS.send}
              </button>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
