// The player's language: the desktop client's gettext catalogs, served as JSON by
// the host (/i18n/<lang>.json), looked up by key.

export const LANGUAGES = ["en", "fr", "pt", "ru"];

const PLURALS = {
  en: (n) => (n !== 1 ? 1 : 0),
  pt: (n) => (n !== 1 ? 1 : 0),
  fr: (n) => (n > 1 ? 1 : 0),
  ru: (n) => (n % 10 === 1 && n % 100 !== 11 ? 0
    : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2),
};

let messages = {};
let language = "en";

export function chooseLanguage() {
  const saved = localStorage.getItem("havana:language");
  if (LANGUAGES.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const short = String(wanted).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(short)) return short;
  }
  return "en";
}

export async function loadLanguage(lang) {
  const response = await fetch(`i18n/${lang}.json`);
  const catalog = await response.json();
  messages = catalog.messages;
  language = lang;
  document.documentElement.lang = lang;
}

export function currentLanguage() {
  return language;
}

function format(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export function has(key) {
  return key in messages;
}

export function tr(key, values = {}) {
  const forms = messages[key];
  return format(forms ? forms[0] : key, values);
}

export function trn(key, count, values = {}) {
  const forms = messages[key];
  if (!forms) return format(key, { count, ...values });
  const index = Math.min((PLURALS[language] || PLURALS.en)(count), forms.length - 1);
  return format(forms[index], { count, n: count, ...values });
}
