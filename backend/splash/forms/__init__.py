"""Forms the shop's pages offer (the contact form, …): definitions, server-side validation with
the same named rules as the SPA's form system, stored submissions mailed to the shop."""
