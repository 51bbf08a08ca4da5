// A shared-library step whose call holds a whole pipeline, without its stages.
def call(Map config = [:]) {
    pipeline { // expect: ValidatorTest.missingStages
        agent { label config.label ?: 'linux' }
        post {
            always {
                echo 'done'
            }
        }
    }
}
