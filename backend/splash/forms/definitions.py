"""Which forms exist and their fields. The SPA renders a form from this definition (it travels
in the page payload with the form block) and the server validates submissions with the same
named rules, so browser and server can never disagree about what is valid. Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from splash.forms.rules import RuleCall, first_failure, parse_rules, trim


@dataclass(frozen=True)
class FormField:
    name: str
    type: str  # text, email, tel, textarea, checkbox
    rules: str
    autocomplete: str | None = None

    @property
    def calls(self) -> list[RuleCall]:
        return parse_rules(self.rules)

    def kind_problem(self, value: Any) -> str | None:
        if value is None:
            return None
        if self.type == "checkbox":  # true/false, or an HTML checkbox's "on"
            return None if isinstance(value, (bool, str)) else "must be true or false"
        return None if isinstance(value, str) else "must be text"

    def clean(self, value: Any) -> Any:
        if self.type == "checkbox":
            return value is True or value in ("true", "yes", "on", "1")
        if not isinstance(value, str):
            return value
        return trim(value) if self.type == "textarea" else " ".join(value.split())

    def public(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "rules": self.rules,
            "autocomplete": self.autocomplete,
        }


@dataclass(frozen=True)
class FieldError:
    field: str
    rule: RuleCall | None  # None: the value is not of the field's kind (see problem)
    problem: str = ""


@dataclass(frozen=True)
class FormDefinition:
    name: str
    fields: tuple[FormField, ...]

    def public(self) -> list[dict[str, Any]]:
        return [field.public() for field in self.fields]

    def check(self, data: dict[str, Any]) -> list[FieldError]:
        """Every field that fails (its first failing rule), and every unknown or mistyped one."""
        known = {field.name for field in self.fields}
        errors = [
            FieldError(name, None, "is not a field of this form")
            for name in data
            if name not in known
        ]
        for field in self.fields:
            value = data.get(field.name)
            wrong_kind = field.kind_problem(value)
            if wrong_kind:
                errors.append(FieldError(field.name, None, wrong_kind))
                continue
            failed = first_failure(field.calls, value, field.name, data)
            if failed:
                errors.append(FieldError(field.name, failed))
        return errors

    def clean(self, data: dict[str, Any]) -> dict[str, Any]:
        """Stored values: text trimmed; single-line fields on one line (no line breaks that could
        reach an e-mail header)."""
        return {field.name: field.clean(data.get(field.name)) for field in self.fields}


CONTACT = FormDefinition(
    "contact",
    (
        FormField("name", "text", "required|length:2,80", "name"),
        FormField("email", "email", "required|email|length:3,254", "email"),
        FormField("phone", "tel", r"length:0,20|matches:/^\+?[0-9 ()-]{6,20}$/", "tel"),
        FormField("orderNumber", "text", "length:0,20|matches:/^[A-Za-z0-9-]+$/", "off"),
        FormField("message", "textarea", "required|length:10,2000"),
        FormField("consent", "checkbox", "accepted"),
    ),
)

FORMS: dict[str, FormDefinition] = {form.name: form for form in (CONTACT,)}
