"""The one mailer (SMTP or the outbox folder) and the e-mail templates in six languages."""
