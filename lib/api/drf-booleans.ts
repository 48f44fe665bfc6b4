// The spellings Django REST Framework's BooleanField accepts, for query strings and for
// bodies that Flagsmith parses leniently (e.g. the identity `transient` flag).
export const DRF_TRUE_STRINGS = [
  "t",
  "T",
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "true",
  "True",
  "TRUE",
  "on",
  "On",
  "ON",
  "1",
];
export const DRF_FALSE_STRINGS = [
  "f",
  "F",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "false",
  "False",
  "FALSE",
  "off",
  "Off",
  "OFF",
  "0",
];
