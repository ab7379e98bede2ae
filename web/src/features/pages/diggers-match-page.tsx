import { ArrowLeft, BadgeCheck, Check, MapPin, Quote, Sparkles, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';

const FEATURES = [
  {
    icon: UserPlus,
    title: 'Find your detecting partner',
    text: 'Meet detectorists who share your interests, experience level and favourite periods.',
  },
  {
    icon: MapPin,
    title: 'Location-based matching',
    text: 'Get matched with members near you, so a day out is a short drive away.',
  },
  {
    icon: Users,
    title: 'Detecting groups',
    text: 'Join or start small groups for club digs, beach trips and shared permissions.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified profiles',
    text: 'Verified members and community reviews help you detect with people you can trust.',
  },
];

const STORIES = [
  {
    quote:
      'I had permission on a big farm but no one to detect with. Within a week I was out with a partner who knew the area, and we turned up a Roman brooch on our second outing.',
    name: 'Sarah, Norfolk',
  },
  {
    quote:
      'After retiring I wanted company in the field. Now our little group meets every Saturday. The finds are a bonus; the friendships are the real treasure.',
    name: 'Geoff, Wiltshire',
  },
];

const STEPS = [
  {
    title: 'Create your profile',
    text: 'Tell us your experience, the kind of detecting you enjoy and roughly where you are.',
  },
  {
    title: 'Browse and match',
    text: 'See suggested partners and groups near you, and say hello to the ones you like.',
  },
  {
    title: 'Start detecting together',
    text: 'Plan a trip, share permissions safely and log your finds as a team.',
  },
];

const PLANS = [
  {
    name: 'Monthly',
    price: '$14.99',
    period: 'per month',
    save: null,
    perks: ['Unlimited matches', 'Location-based search', 'Join detecting groups'],
  },
  {
    name: 'Annual',
    price: '$99.99',
    period: 'per year',
    save: 'Save 44%',
    perks: ['Everything in Monthly', 'Verified profile badge', 'Priority matching'],
  },
];

/**
 * docs/product/pages.md#diggers-match: a static, coming-soon marketing page for the premium partner-matching
 * service.
 */
export function DiggersMatchPage() {
  return (
    <div>
      <section className="bg-gradient-to-br from-lime-900 via-lime-800 to-stone-800 text-white">
        <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:py-20">
          <div className="flex justify-center gap-2">
            <Badge variant="premium">PREMIUM</Badge>
            <span className="inline-flex items-center rounded-full border border-white/60 px-2 py-0.5 text-xs font-semibold">
              COMING SOON
            </span>
          </div>
          <h1 className="mt-4 flex items-center justify-center gap-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
            <Sparkles className="size-9 text-amber-300" aria-hidden="true" /> Digger's Match
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-lime-50">
            Find your perfect detecting partner. Digger's Match connects detectorists nearby who share your
            passion for history, so no one has to search alone.
          </p>
          <Button size="lg" variant="accent" disabled className="mt-8">
            Join Waiting List
          </Button>
          <p className="mt-2 text-sm text-lime-100">The waiting list opens soon.</p>
        </div>
      </section>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12">
        <section aria-labelledby="dm-features">
          <h2 id="dm-features" className="text-center text-2xl font-bold sm:text-3xl">
            Why Digger's Match?
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="flex h-full gap-4 p-5">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-lime-100 text-lime-800 dark:bg-lime-900 dark:text-lime-200">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold">{title}</h3>
                    <p className="mt-1 text-stone-600 dark:text-stone-400">{text}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="dm-stories">
          <h2 id="dm-stories" className="text-center text-2xl font-bold sm:text-3xl">
            Success stories
          </h2>
          <p className="mt-2 text-center text-sm text-stone-500 dark:text-stone-400">
            Sample stories showing what Digger's Match is for; the service has not launched yet.
          </p>
          <div className="mt-8 grid gap-4 md:grid-cols-2">
            {STORIES.map((story) => (
              <figure
                key={story.name}
                className="rounded-xl border border-amber-200 bg-amber-50 p-6 dark:border-amber-900 dark:bg-amber-950/30"
              >
                <Quote className="size-6 text-amber-600" aria-hidden="true" />
                <blockquote className="mt-2 text-stone-800 dark:text-stone-200">{story.quote}</blockquote>
                <figcaption className="mt-4 font-semibold text-stone-900 dark:text-stone-100">
                  {story.name}
                </figcaption>
              </figure>
            ))}
          </div>
        </section>

        <section aria-labelledby="dm-how">
          <h2 id="dm-how" className="text-center text-2xl font-bold sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="text-center">
                <span
                  className="mx-auto flex size-12 items-center justify-center rounded-full bg-lime-800 text-xl font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-3 text-lg font-semibold">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-stone-600 dark:text-stone-400">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="dm-plans">
          <h2 id="dm-plans" className="text-center text-2xl font-bold sm:text-3xl">
            Plans
          </h2>
          <div className="mx-auto mt-8 grid max-w-3xl gap-4 md:grid-cols-2">
            {PLANS.map((plan) => (
              <Card
                key={plan.name}
                className={plan.save ? 'ring-2 ring-amber-400 dark:ring-amber-500' : undefined}
              >
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <CardTitle as="h3">{plan.name}</CardTitle>
                    {plan.save ? <Badge variant="premium">{plan.save}</Badge> : null}
                  </div>
                  <CardDescription>
                    <span className="text-3xl font-extrabold text-stone-900 dark:text-stone-50">
                      {plan.price}
                    </span>{' '}
                    {plan.period}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <ul className="space-y-2">
                    {plan.perks.map((perk) => (
                      <li key={perk} className="flex items-center gap-2">
                        <Check className="size-4 text-lime-700" aria-hidden="true" /> {perk}
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Button disabled className="w-full">
                    Coming Soon
                  </Button>
                </CardFooter>
              </Card>
            ))}
          </div>
        </section>

        <div className="text-center">
          <Link to="/" className={buttonClasses('outline')}>
            <ArrowLeft aria-hidden="true" /> Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
