// Where the search results a clustering compares come from: a country (ISO 3166-1 alpha-2 code)
// and a language code, as the API takes them (defaults `us` and `en`).
import { useId } from "react";

export function LocaleFields({
  country,
  language,
  onCountry,
  onLanguage,
}: {
  country: string;
  language: string;
  onCountry: (value: string) => void;
  onLanguage: (value: string) => void;
}) {
  const countryId = useId();
  const languageId = useId();
  return (
    <div className="locale">
      <div className="field">
        <label htmlFor={countryId}>Country code</label>
        <input
          id={countryId}
          required
          minLength={2}
          maxLength={2}
          pattern="[A-Za-z]{2}"
          size={4}
          value={country}
          onChange={(event) => onCountry(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={languageId}>Language code</label>
        <input id={languageId} required maxLength={10} size={6} value={language} onChange={(event) => onLanguage(event.target.value)} />
      </div>
    </div>
  );
}
