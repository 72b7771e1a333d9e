import { osloDayNumber } from "../../common/domain/shift-block.ts";

export interface Joke {
  setup: string;
  punchline: string;
}

interface JokeTemplate {
  frame: (a: string, b: string, c: string) => Joke;
  fillers: readonly (readonly [string, string] | readonly [string, string, string])[];
}

export const jokeTemplates: readonly JokeTemplate[] = [
  {
    frame: (who, to, line) => ({ setup: `Hva sa ${who} til ${to}?`, punchline: `«${line}»` }),
    fillers: [
      ["anestesilegen", "pasienten", "Nå skal du få sove på saken."],
      ["nullen", "åtteren", "Fint belte!"],
      ["den ene veggen", "den andre", "Vi møtes i hjørnet."],
    ],
  },
  {
    frame: (question, answer) => ({ setup: `Hvorfor ${question}?`, punchline: answer }),
    fillers: [
      ["takket hjertet ja til ekstravakten", "Det slo til med en gang."],
      ["ser kirurgen alltid så rar ut i ansiktet", "Hun skjærer grimaser hele dagen."],
      ["er røntgenteknikeren aldri streng", "Hun ser alltid gjennom fingrene."],
      ["gruer ikke lungene seg til nattevakten", "De vet at de snart kan puste ut."],
    ],
  },
  {
    frame: (thing, name) => ({ setup: `Hva kaller du ${thing}?`, punchline: `${name}!` }),
    fillers: [
      ["en sykepleier som alltid har kontroll på turnusen", "En vakt-mester"],
      ["en konge uten penger", "Kong Kurs"],
      ["en hund som kan trylle", "En labrakadabrador"],
    ],
  },
  {
    frame: (complaint, reply) => ({ setup: `«Doktor, ${complaint}»`, punchline: `«${reply}»` }),
    fillers: [
      ["jeg føler meg som en gardin.", "Ta deg sammen!"],
      ["jeg føler meg som en bro.", "Hva er det som har kommet over deg?"],
      ["jeg tror jeg er en klokke.", "Ta det med ro, du er ikke den første som har gått i stå."],
    ],
  },
  {
    frame: (skill, animal) => ({ setup: `Hvilket dyr ${skill}?`, punchline: `${animal}!` }),
    fillers: [
      ["er best på vaktbytte", "Byttedyret"],
      ["er best i matte", "Regnormen"],
      ["tar aldri dagvakt", "Nattugla"],
    ],
  },
];

export function jokeOfTheDay(at: Date = new Date()): Joke {
  const day = osloDayNumber(at);
  // Consecutive days walk through the templates; the filler advances once per round.
  const template = jokeTemplates[day % jokeTemplates.length]!;
  const filler = template.fillers[Math.floor(day / jokeTemplates.length) % template.fillers.length]!;
  const [a, b, c = ""] = filler;
  return template.frame(a, b, c);
}
