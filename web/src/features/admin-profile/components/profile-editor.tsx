import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { PROFILE_FIELD_HINTS, SOCIAL_NETWORKS, type OwnerProfile, type SocialNetwork } from '@curb/contracts/owner-content';
import { Panel } from '@/components/admin/admin-page';
import adminStyles from '@/components/admin/admin-ui.module.css';
import { ImageField } from '@/components/admin/image-field';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { ColourField, TextAreaField, TextField } from '@/components/ui/form/field';
import { useToast } from '@/components/ui/toast/use-toast';
import { useSaveProfile } from '../api/profile';
import styles from './profile.module.css';

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  zillow: 'Zillow',
};

const hintFor = (key: string): string | undefined => {
  const hint = (PROFILE_FIELD_HINTS as Record<string, string>)[key];
  return hint ? `Format: ${hint}.` : undefined;
};

/** The lines of a text box (one entry a line), blank ones left out. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
/** Paragraphs are separated by an empty line. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A figure as typed: empty is none; anything else goes to the server, which refuses what is not a number at its field. */
const figureOf = (text: string): number | undefined => {
  const typed = text.trim();
  if (!typed) return undefined;
  const n = Number(typed);
  return (/^\d+(\.\d+)?$/.test(typed) ? n : typed) as number;
};
const figureText = (n: number | undefined) => (n === undefined ? '' : String(n));

/**
 * What the short first-run setup does not ask about but the sample's profile holds: the sample
 * person's company, words, licence and links. The setup names a new person, so none of it is
 * theirs to claim; the full profile asks for each later.
 */
const NOT_ASKED_IN_SETUP = {
  initials: '',
  tagline: '',
  company: '',
  position: '',
  licence: '',
  biography: [],
  social: {},
  website: '',
} satisfies Partial<OwnerProfile>;

/** The profile as the form would save it; the review figures the owner left empty are left out. */
function editedProfile(draft: OwnerProfile, texts: { area: string; bio: string; rating: string; reviews: string }, mode: 'full' | 'setup') {
  const edited: OwnerProfile = {
    ...draft,
    serviceArea: linesOf(texts.area),
    biography: paragraphsOf(texts.bio),
    ratingValue: figureOf(texts.rating),
    reviewCount: figureOf(texts.reviews),
  };
  // The setup names a new person: the sample's review figures and prices are not theirs to claim.
  if (mode === 'setup') Object.assign(edited, NOT_ASKED_IN_SETUP);
  if (mode === 'setup' || edited.ratingValue === undefined) delete edited.ratingValue;
  if (mode === 'setup' || edited.reviewCount === undefined) delete edited.reviewCount;
  if (mode === 'setup' || !edited.priceRange) delete edited.priceRange;
  return edited;
}

/**
 * The owner's profile as one form with one Save: the server checks it whole and either keeps
 * all of it or none, naming the field it refused, which is shown at that field. `setup` is the
 * short first-run version (who, how to reach them, where they work).
 */
export function ProfileEditor({
  profile,
  mode,
  onSaved,
  actions,
}: {
  profile: OwnerProfile;
  mode: 'full' | 'setup';
  onSaved?: () => void;
  actions?: ReactNode;
}) {
  const [draft, setDraft] = useState(profile);
  const [areaText, setAreaText] = useState(profile.serviceArea.join('\n'));
  const [bioText, setBioText] = useState(profile.biography.join('\n\n'));
  const [ratingText, setRatingText] = useState(figureText(profile.ratingValue));
  const [reviewsText, setReviewsText] = useState(figureText(profile.reviewCount));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [uploads, setUploads] = useState(0);
  const uploading = (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1));
  const save = useSaveProfile();
  const { toast } = useToast();

  // A restore (or another tab's save) replaces what the form shows.
  useEffect(() => {
    setDraft(profile);
    setAreaText(profile.serviceArea.join('\n'));
    setBioText(profile.biography.join('\n\n'));
    setRatingText(figureText(profile.ratingValue));
    setReviewsText(figureText(profile.reviewCount));
    setProblem(null);
  }, [profile]);

  const edited = editedProfile(draft, { area: areaText, bio: bioText, rating: ratingText, reviews: reviewsText }, mode);
  const dirty = JSON.stringify(edited) !== JSON.stringify(profile);

  /** The server's refusal when it names this field or a part of it (`officeAddress.city`, `serviceArea.2`). */
  const errorAt = (field: string) =>
    problem?.field && (problem.field === field || problem.field.startsWith(`${field}.`)) ? problem.message : null;
  // The contract types the links as a record of optional addresses.
  const social = draft.social as Partial<Record<SocialNetwork, string>>;
  const set = <K extends keyof OwnerProfile>(key: K, value: OwnerProfile[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const text = (
    key: 'name' | 'initials' | 'title' | 'tagline' | 'company' | 'position' | 'licence' | 'bookingUrl' | 'website',
    label: string,
    extra: { required?: boolean; type?: string; placeholder?: string; hint?: string } = {},
  ) => (
    <TextField
      label={label}
      name={key}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={errorAt(key)}
      hint={extra.hint ?? hintFor(key)}
      required={extra.required}
      type={extra.type ?? 'text'}
      placeholder={extra.placeholder}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(edited, {
      onSuccess: () => {
        toast({ title: 'Profile saved', description: 'The site now introduces you on every page.' });
        onSaved?.();
      },
      onError: (error) => setProblem(serverProblem(error, 'The profile could not be saved. Please try again.')),
    });
  };

  const contact = (
    <>
      <TextField
        label="E-mail"
        name="email"
        type="email"
        required
        value={draft.email}
        onChange={(e) => set('email', e.target.value)}
        error={errorAt('email')}
        hint={`Lead notices go here, and it is the reply-to of every mail. ${hintFor('email')}`}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        value={draft.phone}
        onChange={(e) => set('phone', e.target.value)}
        error={errorAt('phone')}
        hint={hintFor('phone')}
      />
      {text('bookingUrl', 'Booking link', { type: 'url', placeholder: 'https://calendly.com/you' })}
    </>
  );
  const area = (
    <TextAreaField
      label="Service area"
      name="serviceArea"
      rows={4}
      value={areaText}
      onChange={(e) => setAreaText(e.target.value)}
      error={errorAt('serviceArea')}
      hint="The regions you serve, one a line, in the order the site names them (at most 12)."
    />
  );
  const photo = (
    <ImageField label="Photo" name="photo" value={draft.photo} onChange={(ref) => set('photo', ref)} error={errorAt('photo')} />
  );

  return (
    <form onSubmit={submit} aria-label={mode === 'setup' ? 'Profile setup' : 'Profile'} noValidate>
      {mode === 'setup' ? (
        <div className={styles.columns}>
          <div className={adminStyles.form}>
            {text('name', 'Name', { required: true })}
            {text('title', 'Title', { placeholder: 'e.g. Real Estate Marketing Strategist' })}
            {photo}
          </div>
          <div className={adminStyles.form}>
            {contact}
            {area}
          </div>
        </div>
      ) : (
        <>
          <Panel title="Who you are">
            <div className={styles.columns}>
              <div className={adminStyles.form}>
                {text('name', 'Name', { required: true })}
                {text('initials', 'Initials', { hint: 'Shown where there is no photo; taken from your name when empty.' })}
                {text('title', 'Title')}
                {text('tagline', 'Tagline')}
                {text('company', 'Company')}
                {text('position', 'Position')}
                {text('licence', 'Licence', { hint: 'As your licence requires you to state it.' })}
              </div>
              <div className={adminStyles.form}>
                {photo}
                <ImageField
                  label="Logo"
                  name="logo"
                  value={draft.logo}
                  onChange={(ref) => set('logo', ref)}
                  error={errorAt('logo')}
                  onUploading={uploading}
                />
                <ColourField
                  label="Brand colour"
                  name="brandColour"
                  value={draft.brandColour}
                  onChange={(colour) => set('brandColour', colour)}
                  error={errorAt('brandColour')}
                  hint={hintFor('brandColour')}
                />
              </div>
            </div>
            <TextAreaField
              label="Biography"
              name="biography"
              rows={6}
              value={bioText}
              onChange={(e) => setBioText(e.target.value)}
              error={errorAt('biography')}
              hint="A few paragraphs for the about section, separated by an empty line."
            />
          </Panel>
          <Panel title="How clients reach you">
            <div className={styles.columns}>
              <div className={adminStyles.form}>
                {contact}
                {text('website', 'Your own website', { type: 'url', hint: 'Named in your contact card when it is not this site.' })}
              </div>
              <div className={adminStyles.form}>
                {(['street', 'city', 'region', 'postalCode', 'country'] as const).map((part) => (
                  <TextField
                    key={part}
                    label={
                      { street: 'Office street', city: 'City', region: 'State or region', postalCode: 'Postal code', country: 'Country' }[
                        part
                      ]
                    }
                    name={`officeAddress.${part}`}
                    value={draft.officeAddress[part]}
                    maxLength={part === 'country' ? 2 : undefined}
                    onChange={(e) => set('officeAddress', { ...draft.officeAddress, [part]: e.target.value })}
                    error={errorAt(`officeAddress.${part}`)}
                    hint={part === 'country' ? 'Two letters, e.g. US.' : undefined}
                  />
                ))}
                {area}
              </div>
            </div>
          </Panel>
          <Panel title="Reviews and prices">
            <p className={adminStyles.muted}>
              Your average rating and how many reviews it is from, as your review site shows them. Search engines are told both, and the
              home page shows them as your Client Rating; leave either empty to claim no rating.
            </p>
            <div className={styles.columns}>
              <TextField
                label="Average rating"
                name="ratingValue"
                inputMode="decimal"
                placeholder="e.g. 4.8"
                value={ratingText}
                onChange={(e) => setRatingText(e.target.value)}
                error={errorAt('ratingValue')}
                hint={hintFor('ratingValue')}
              />
              <TextField
                label="Number of reviews"
                name="reviewCount"
                inputMode="numeric"
                placeholder="e.g. 42"
                value={reviewsText}
                onChange={(e) => setReviewsText(e.target.value)}
                error={errorAt('reviewCount')}
                hint={hintFor('reviewCount')}
              />
              <TextField
                label="Price range"
                name="priceRange"
                placeholder="e.g. Free consultation; listings from 2.5%"
                value={draft.priceRange ?? ''}
                onChange={(e) => set('priceRange', e.target.value)}
                error={errorAt('priceRange')}
                hint="How search engines state your prices; empty states none."
              />
            </div>
          </Panel>
          <Panel title="Social links">
            <div className={styles.columns}>
              {SOCIAL_NETWORKS.map((network) => (
                <TextField
                  key={network}
                  label={SOCIAL_LABELS[network]}
                  name={`social.${network}`}
                  type="url"
                  placeholder="https://"
                  value={social[network] ?? ''}
                  onChange={(e) => {
                    const { [network]: _, ...rest } = social;
                    set('social', e.target.value ? { ...rest, [network]: e.target.value } : rest);
                  }}
                  error={errorAt(`social.${network}`)}
                />
              ))}
            </div>
          </Panel>
        </>
      )}
      <div className={mode === 'full' ? `${styles.saveBar} ${styles.sticky}` : styles.saveBar}>
        <button type="submit" className="button" disabled={save.isPending || uploads > 0 || (!dirty && mode === 'full')}>
          {save.isPending ? 'Saving...' : mode === 'setup' ? 'Save and continue' : 'Save profile'}
        </button>
        {actions}
        {mode === 'full' && dirty && !save.isPending && <span className={adminStyles.muted}>Unsaved changes</span>}
        {problem && (
          <span role="alert" className={styles.formError}>
            Nothing was saved: {problem.message}
          </span>
        )}
      </div>
    </form>
  );
}
