// How the watch list and the alerts name an entity: by its name and place, the id only as secondary text
// (the view puts it in <small>); an entity the monitor has no name for is said to be unknown, with its id.

/** An entity by name with its place ("Advies B.V., Utrecht"), or readably unknown ("onbekende vestiging V74WF3VQJIE"). */
export function volgNaam(soort: string, id: string, naam: string | null | undefined, plaats: string | null | undefined): string {
  if (!naam || naam === id) return `onbekende ${soort} ${id}`;
  return plaats ? `${naam}, ${plaats}` : naam;
}
