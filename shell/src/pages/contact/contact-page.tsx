import { useState, type FormEvent } from 'react';
import '../pages.css';

export const CONTACT_THANKS = "Thanks for reaching out! We'll get back to you soon.";

interface ContactForm {
  name: string;
  email: string;
  message: string;
}

type ContactErrors = Partial<Record<keyof ContactForm, string>>;

const EMPTY: ContactForm = { name: '', email: '', message: '' };
// The same shape browsers accept for type=email: something@something.something.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Enter a valid email address';
  if (!form.message.trim()) errors.message = 'Message is required';
  return errors;
}

interface ContactFieldProps {
  field: keyof ContactForm;
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

/** The message is not sent anywhere: the page only confirms it (there is no contact service). */
export function ContactPage() {
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sent, setSent] = useState(false);

  const update = (field: keyof ContactForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setSent(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setForm(EMPTY);
    setSent(true);
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
          <form onSubmit={onSubmit} noValidate>
            <ContactField field="name" label="Name" value={form.name} error={errors.name} onChange={update('name')} autoComplete="name" />
            <ContactField field="email" label="Email" type="email" value={form.email} error={errors.email} onChange={update('email')} autoComplete="email" />
            <ContactField field="message" label="Message" multiline value={form.message} error={errors.message} onChange={update('message')} />
            <div role="status">{sent ? <p className="aq-contact__thanks">{CONTACT_THANKS}</p> : null}</div>
            <div>
              <button type="submit" className="aq-button aq-button--primary">
                Send Message
              </button>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
