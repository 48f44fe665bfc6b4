// How a person is named in lists: their name, else their email.
export function personName(person: { first_name?: string; last_name?: string; email: string }): string {
  const name = [person.first_name, person.last_name].filter(Boolean).join(" ").trim();
  return name || person.email;
}
