// Testimonials (id, avatar, name, position, content): one data set for every locale. A
// person is the same in every language: their name and avatar never change, and only what they
// said and their role are translated (`testimonials.<id>.content` / `.position` in locales/*.json).
//
// The shipped entries are sample content: the site owner replaces them with real customers'
// words, with their consent (README, "Content the site owner replaces").

/**
 * Whether the quotes are real reviews collected from customers. While false, every list of them
 * says that they are illustrative (`testimonials.note`): EU and UK consumer law forbids presenting
 * invented reviews as customers' own. The owner sets it to true in the same change that puts the
 * real, collected reviews in place.
 */
export const TESTIMONIALS_ARE_REAL_REVIEWS = false;

export interface Testimonial {
  id: string;
  /** The person's initials, drawn by CSS: no external images. */
  avatar: string;
  name: string;
  position: string;
  content: string;
}

export interface TestimonialPerson {
  id: string;
  name: string;
  avatar: string;
  /** Where the quote is shown: the home page speaks of recovery, the buy page of buying. */
  page: 'home' | 'buy';
}

export const TESTIMONIAL_PEOPLE: readonly TestimonialPerson[] = [
  { id: 'emily', name: 'Emily Carter', avatar: 'EC', page: 'home' },
  { id: 'daniel', name: 'Daniel Brooks', avatar: 'DB', page: 'home' },
  { id: 'sofia', name: 'Sofia Martins', avatar: 'SM', page: 'home' },
  { id: 'kenji', name: 'Kenji Watanabe', avatar: 'KW', page: 'home' },
  { id: 'marcus', name: 'Marcus Reed', avatar: 'MR', page: 'buy' },
  { id: 'priya', name: 'Priya Nair', avatar: 'PN', page: 'buy' },
  { id: 'tom', name: 'Tom Alvarez', avatar: 'TA', page: 'buy' },
];

/** The testimonials of a page, in one locale (`t` translates the quote and the role). */
export function testimonialsFor(page: TestimonialPerson['page'], t: (key: string) => string): Testimonial[] {
  return TESTIMONIAL_PEOPLE.filter((person) => person.page === page).map(({ id, name, avatar }) => ({
    id,
    avatar,
    name,
    position: t(`testimonials.${id}.position`),
    content: t(`testimonials.${id}.content`),
  }));
}
