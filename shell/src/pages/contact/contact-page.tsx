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

/** The message is not sent anywhere (spec: nothing is sent to a server). */
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

  const describedBy = (field: keyof ContactForm) => (errors[field] ? `contact-${field}-error` : undefined);

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
            <div className="aq-field">
              <label htmlFor="contact-name">Name</label>
              <input
                id="contact-name"
                name="name"
                className="aq-input"
                autoComplete="name"
                required
                aria-invalid={Boolean(errors.name)}
                aria-describedby={describedBy('name')}
                value={form.name}
                onChange={(event) => update('name')(event.target.value)}
              />
              {errors.name ? (
                <p id="contact-name-error" className="aq-field__error">
                  {errors.name}
                </p>
              ) : null}
            </div>
            <div className="aq-field">
              <label htmlFor="contact-email">Email</label>
              <input
                id="contact-email"
                name="email"
                type="email"
                className="aq-input"
                autoComplete="email"
                required
                aria-invalid={Boolean(errors.email)}
                aria-describedby={describedBy('email')}
                value={form.email}
                onChange={(event) => update('email')(event.target.value)}
              />
              {errors.email ? (
                <p id="contact-email-error" className="aq-field__error">
                  {errors.email}
                </p>
              ) : null}
            </div>
            <div className="aq-field">
              <label htmlFor="contact-message">Message</label>
              <textarea
                id="contact-message"
                name="message"
                className="aq-textarea"
                required
                aria-invalid={Boolean(errors.message)}
                aria-describedby={describedBy('message')}
                value={form.message}
                onChange={(event) => update('message')(event.target.value)}
              />
              {errors.message ? (
                <p id="contact-message-error" className="aq-field__error">
                  {errors.message}
                </p>
              ) : null}
            </div>
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
