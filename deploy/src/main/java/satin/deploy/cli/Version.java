package satin.deploy.cli;

import picocli.CommandLine.IVersionProvider;

/** What {@code --version} prints on every command: the build's version, as result.json records it. */
final class Version implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"satin " + satin.Satin.version()};
    }
}
