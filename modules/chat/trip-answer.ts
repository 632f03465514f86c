import { dayTotals } from "../../src/domain";
import { HttpError } from "../../src/http";
import { toChatPlace } from "./citations";
import type { ChatPlace } from "./model";
import type { ChatCity, ChatSources } from "./sources";
import { cityByName, findPlace } from "./subject";
import type { ChatTrips, TripCommand } from "./trip-commands";

export interface TripAnswer {
  response: string;
  location: string;
  places: ChatPlace[];
}

const label = (city: ChatCity) => `${city.name}, ${city.stateCode}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A refusal of the trips module (a limit, a city without sights) in its own words; anything else is thrown on. */
function refusal(error: unknown): string {
  if (error instanceof HttpError && error.status < 500) return error.message;
  throw error;
}

/**
 * The answer to a trip command: what was done, with the trip's address, or clearly why nothing was. A page is
 * named as “its title” (its path): the chat screen shows the title as the link (ui/chat-text.ts).
 */
export async function tripAnswer<C extends ChatCity>(
  command: TripCommand,
  deps: { sources: ChatSources<C>; trips: ChatTrips; city: C; userId: number },
): Promise<TripAnswer> {
  const { sources, trips, userId } = deps;
  if (command.kind === "plan") {
    const city = command.city ? cityByName(sources, deps.city, command.city) : deps.city;
    if (!city)
      return {
        response: `I don't know the city “${command.city}”, so no trip was made. Name it as “City, ST”, for example “plan a day in ${deps.city.name}, ${deps.city.stateCode}”.`,
        location: label(deps.city),
        places: [],
      };
    try {
      const trip = await trips.planDay(userId, label(city));
      const day = trip.days[0]!;
      return {
        response:
          `I planned a day in ${label(city)}: ${plural(day.stops, "stop")} from its best sights close together, with a meal near midday; ` +
          `${dayTotals(day, trip.walkingMph)}. ` +
          `Open your draft: “${trip.title}” (/trips/${trip.id}), and change it as you like.`,
        location: label(city),
        places: [],
      };
    } catch (error) {
      return {
        response: `I couldn't plan a day in ${label(city)}: ${refusal(error)}`,
        location: label(city),
        places: [],
      };
    }
  }
  // "add the Mob Museum in Las Vegas to day 1": the place's city when the message names one.
  const inCity = /^(.+?)\s+in\s+([A-Z][\w .'-]*(?:,\s*[A-Z]{2})?)$/.exec(command.name);
  const city = (inCity && cityByName(sources, deps.city, inCity[2]!)) || deps.city;
  const name = inCity && city !== deps.city ? inCity[1]! : command.name;
  const where = label(city);
  const trip = await trips.latestIn(userId, where);
  if (!trip)
    return {
      response: `You have no trip in ${where} yet, so ${name} was not added. Say “plan a day in ${city.name}” or start one on “Your trips” (/trips).`,
      location: where,
      places: [],
    };
  const day = trip.days.find((d) => d.number === command.day);
  if (!day)
    return {
      response: `Your trip “${trip.title}” has ${plural(trip.days.length, "day")}, so there is no day ${command.day}: nothing was added. Add a day on its page: “${trip.title}” (/trips/${trip.id}).`,
      location: where,
      places: [],
    };
  const found = await findPlace(sources, city, name);
  if (!found.place) {
    const closest = found.closest.map((p) => p.title);
    const hint = closest.length ? ` The closest names I have: ${closest.join("; ")}.` : "";
    return {
      response: `I couldn't find a place called “${name}” in ${where}, so nothing was added to your trip.${hint}`,
      location: where,
      places: [],
    };
  }
  try {
    await trips.addStop(userId, trip.id, day.id, found.place.id);
  } catch (error) {
    return {
      response: `I couldn't add ${found.place.title} to day ${day.number}: ${refusal(error)}`,
      location: where,
      places: [toChatPlace(found.place)],
    };
  }
  return {
    response: `Added ${found.place.title} to day ${day.number} of “${trip.title}” (/trips/${trip.id}).`,
    location: where,
    places: [toChatPlace(found.place)],
  };
}
